#!/bin/sh
# spgen broken empty: a file of 0 bytes.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken empty in.h5
"$SP_READ" in.h5 >out.sps
