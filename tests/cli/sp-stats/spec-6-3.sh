#!/bin/sh
# doc/stats.md, "Example: a session on two ranks", from an HDF5 profile called
# native_trace (the same calls as the .spt files of spec-6-3-spt): % session by
# coverage, S = 10 + 12 s, solve 17 / 22 = 77.27%, its (own) row 14.49975 s;
# the note on the coverage mode.
. "$CASEDIR/spec.inc"
spec_6_3 native_trace && calls native_trace || exit
"$SP_STATS" calls.sps
