#!/bin/sh
# spgen broken lane-ranks: thread_table/ranks is not one-dimensional.
# One line naming the file and the column on stderr, exit 1, nothing on
# stdout.
$SPGEN broken lane-ranks in.h5
"$SP_READ" in.h5 >out.sps
