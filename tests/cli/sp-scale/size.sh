#!/bin/sh
# The chart of 54 regions at 12 runs (1 to 12 ranks), every region
# drawn: under 200 KB, and every point on its line.
$SPGEN scale --extra 50 --ranks 1,2,3,4,5,6,7,8,9,10,11,12 big || exit
"$SP_READ" big/*.h5 | "$SP_STACK" | "$SP_SCALE" --svg --top 60 >big.svg ||
    exit
n=$(wc -c <big.svg)
[ "$n" -lt 200000 ] && echo "under 200 KB" || echo "too large: $n bytes"
echo "lines: $(grep -c '<g class="series"' big.svg)"
echo "points: $(grep -c '<circle' big.svg)"
