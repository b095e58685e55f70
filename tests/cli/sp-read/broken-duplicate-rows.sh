#!/bin/sh
# spgen broken duplicate-rows: two rows for (rank 0, outer).
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken duplicate-rows in.h5
"$SP_READ" in.h5 >out.sps
