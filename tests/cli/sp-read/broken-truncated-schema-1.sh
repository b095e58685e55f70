#!/bin/sh
# spgen broken truncated --schema 1: a per-rank file cut in half.
$SPGEN broken truncated in.h5 --schema 1
"$SP_READ" in.h5 >out.sps
