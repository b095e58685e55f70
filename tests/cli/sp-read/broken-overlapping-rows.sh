#!/bin/sh
# spgen broken overlapping-rows: event slices [0,1) and [0,2) overlap.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken overlapping-rows in.h5
"$SP_READ" in.h5 >out.sps
