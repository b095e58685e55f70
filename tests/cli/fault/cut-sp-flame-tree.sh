#!/bin/sh
# A stream cut at any byte is an error for the graphs drawn from the
# call-path tree too (fault/cuts.inc): every proper prefix makes sp-flame
# exit 1 with one error line and leave nothing in out/; for a diff, of a
# stream of two runs, also when the cut is in the second run, after the
# first run's part of the diff was complete.
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "a call stream" calls.sps "$SP_FLAME" --interactive -o out/f.svg
"$SP_READ" in.h5 in.h5 >two.sps && "$SP_STACK" two.sps >diff.sps || exit
cuts "two runs" diff.sps "$SP_FLAME" --diff -o out/d.svg
cuts "two runs" diff.sps "$SP_FLAME" --diff --interactive -o out/d.svg
cuts "two runs" diff.sps "$SP_FLAME" --diff --folded -o out/d
