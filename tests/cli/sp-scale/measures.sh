#!/bin/sh
# The measures: the slowest rank's total gives slow_rank a level e, as
# serial work would, and its imbalance tells them apart; the mean rank
# total; the slowest rank's outermost calls; -r keeps ranks 0-1 only, so
# slow_rank's slow rank (the last) is out beyond 2 ranks.
. "$CASEDIR/series.inc"
for m in slowest mean-rank wall; do
	echo "--measure $m"
	"$SP_SCALE" --measure $m -i slow_rank -i amdahl calls.sps
done
echo "--measure slowest -r 0-1"
"$SP_SCALE" --measure slowest -r 0-1 -i slow_rank calls.sps
