#!/bin/sh
# An --include pattern that does not compile is a usage error.
"$SP_READ" -i "solve(" in.h5 >out.sps
