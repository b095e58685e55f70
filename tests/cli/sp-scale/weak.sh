#!/bin/sh
# Weak scaling: normalized runtime and weak efficiency; perfect stays
# level, amdahl's serial work grows, overhead grows; --work checks that
# every run has the same work per rank.
. "$CASEDIR/series.inc"
"$SP_SCALE" --weak --work work_per_rank weak.sps
echo "exit $?"
