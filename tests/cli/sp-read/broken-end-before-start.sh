#!/bin/sh
# spgen broken end-before-start: inner's second call ends at 1045, before its start 1050.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken end-before-start in.h5
"$SP_READ" in.h5 >out.sps
