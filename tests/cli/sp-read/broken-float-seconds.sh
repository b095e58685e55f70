#!/bin/sh
# spgen broken float-seconds: the 2025-11-14 layout: float64 seconds under rank0/regions.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken float-seconds in.h5
"$SP_READ" in.h5 >out.sps
