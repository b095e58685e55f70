#!/bin/sh
# --batch takes a count from 1 to 2^20.
"$SP_READ" --batch 0 in.h5 >out.sps
