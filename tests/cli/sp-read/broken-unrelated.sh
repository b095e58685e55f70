#!/bin/sh
# spgen broken unrelated: an HDF5 file of another program (one dataset, no
# schema attribute, rank group, region table or metadata) is refused as not
# a scope-profiler profile, not read as an empty run: one line, exit 1.
$SPGEN broken unrelated in.h5
"$SP_READ" in.h5 >out.sps
