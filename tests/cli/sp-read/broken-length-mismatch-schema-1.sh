#!/bin/sh
# spgen broken length-mismatch --schema 1: end_times shorter than start_times.
$SPGEN broken length-mismatch in.h5 --schema 1
"$SP_READ" in.h5 >out.sps
