#!/bin/sh
# A malformed --ranks spec (a negative rank) is a usage error.
"$SP_READ" -r 0,-1 in.h5 >out.sps
