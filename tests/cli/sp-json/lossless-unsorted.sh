#!/bin/sh
# Lossless for rows written out of region order and out of time order
# (sp_row_order keeps each rank's row order).
$SPGEN synth --calls 150 --ranks 2 --unsorted --shape random --threads 2 \
    --seed 13 in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
