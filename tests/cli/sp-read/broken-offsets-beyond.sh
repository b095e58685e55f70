#!/bin/sh
# spgen broken offsets-beyond: event_counts [1, 5]: claims 6 events, columns hold 3.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken offsets-beyond in.h5
"$SP_READ" in.h5 >out.sps
