#!/bin/sh
# A file that does not exist: one line, exit 1.
"$SP_READ" nothere.h5 >out.sps
