#!/bin/sh
# Lossless for schema 2 (start and end times, no deltas), with threads,
# GPU times, call ids, summaries, exclusive totals and the extras.
$SPGEN synth --calls 150 --ranks 2 --extras --threads 2 --gpu --call-ids \
    --summary --exclusive --schema 2 --seed 3 in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
