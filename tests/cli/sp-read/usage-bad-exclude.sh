#!/bin/sh
# An --exclude pattern that does not compile is a usage error.
"$SP_READ" --exclude "[a-" in.h5 >out.sps
