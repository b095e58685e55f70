#!/bin/sh
# spgen broken huge-index: a file of a few KB whose datasets declare 2^34 values
# in chunks never written (they would read as fill values for hours).
# Refused at once, before anything is allocated: one line, exit 1.
$SPGEN broken huge-index in.h5
"$SP_READ" in.h5 >out.sps
