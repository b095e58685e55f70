#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny call stream makes sp-flame exit 1
# with one error line and leave no SVG (fault/cuts.inc).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "a call stream" calls.sps "$SP_FLAME" -o out/f.svg
