#!/bin/sh
# Lossless for fixed-length strings (the MPI parallel writer's), with
# tricky region names (quotes, tabs, newlines, " > ", non-ASCII).
$SPGEN synth --calls 150 --ranks 2 --strings fixed --shape random \
    --names tricky --threads 2 --tasks 2 --seed 11 in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
