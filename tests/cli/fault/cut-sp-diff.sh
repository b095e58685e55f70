#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny call stream of two runs makes
# sp-diff exit 1 with one error line and leave no comparison
# (fault/cuts.inc); a cut that leaves one whole run is not a stream of
# one run (a usage error), but a truncated stream.
. "$CASEDIR/cuts.inc"
cuts_sample
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
cuts "a call stream of two runs" two.sps "$SP_DIFF" -o out/d.txt
