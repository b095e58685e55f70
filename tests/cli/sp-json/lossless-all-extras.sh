#!/bin/sh
# Lossless: a profile with every optional part (schema 3, two
# ranks, threads and tasks, GPU times, call ids, summaries, exclusive
# totals, LIKWID with NaN and Infinity, line profiles with source,
# perf events, event metadata) comes back from its JSON document as the
# same stream, and the document is the same after a second round.
$SPGEN synth --calls 150 --ranks 2 --extras --threads 3 --tasks 2 --gpu \
    --call-ids --summary --exclusive --schema 3 --seed 7 in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
