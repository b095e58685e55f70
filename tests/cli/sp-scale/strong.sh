#!/bin/sh
# Strong scaling with the default measure (the mean per call): perfect
# scales, amdahl's e is its 5% serial fraction at every x, overhead's e
# grows, and slow_rank looks perfect by the mean but its imbalance grows:
# the verdict names it.  The whole run comes first.
. "$CASEDIR/series.inc"
"$SP_SCALE" calls.sps
