#!/bin/sh
# spgen broken length-mismatch: the durations column is one value shorter than start_deltas.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken length-mismatch in.h5
"$SP_READ" in.h5 >out.sps
