#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny call stream makes sp-stats exit 1
# with one error line and leave no report (fault/cuts.inc).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "a call stream" calls.sps "$SP_STATS" -o out/s.txt
