#!/bin/sh
# The x of a run: cores (ranks x threads), nodes (16 ranks a node: one
# node up to 8 ranks, so every run shares x and the series has one
# point), a numeric metadata key, and a text key (categorical: no ideal,
# no efficiency, no verdict), the run's label (categorical too); runs
# sharing an x are averaged.
. "$CASEDIR/series.inc"
"$SP_SCALE" --x cores -i amdahl calls.sps
"$SP_SCALE" --x nodes -i amdahl calls.sps
echo "exit $?"
"$SP_SCALE" --x mpi_size -i amdahl calls.sps
"$SP_SCALE" --x case -i amdahl calls.sps
$SPGEN scale --ranks 1,2 --repeat 2 twice || exit
"$SP_READ" twice/*.h5 | "$SP_STACK" | "$SP_SCALE" --format csv -i amdahl
"$SP_SCALE" --x label -i amdahl calls.sps
