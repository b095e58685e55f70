#!/bin/sh
# spgen broken length-mismatch --schema 2: events/end_times shorter.
$SPGEN broken length-mismatch in.h5 --schema 2
"$SP_READ" in.h5 >out.sps
