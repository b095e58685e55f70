#!/bin/sh
# An option without its argument: one line naming it, exit 2.
"$SP_READ" in.h5 --ranks >out.sps
