#!/bin/sh
# spgen broken truncated: a valid 2-rank file cut to half its size.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken truncated in.h5
"$SP_READ" in.h5 >out.sps
