#!/bin/sh
# Lossless for schema 1 (per-rank groups: layout "per-rank", schema 1),
# with GPU times, call ids, LIKWID and line profiles.
$SPGEN synth --calls 150 --ranks 2 --extras --gpu --call-ids --schema 1 \
    --seed 5 in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
