#!/bin/sh
# Every metric, as CSV: total, avg, min, max, the percentiles, calls,
# imbalance (of the ranks' totals), wall (the recursive a counted once),
# self, and the slowest rank's total.
. "$CASEDIR/profiles.inc"
for m in total avg min max p50 p95 p99 calls imbalance wall self slowest; do
	echo "--metric $m"
	"$SP_DIFF" --metric $m --sort name --format csv calls.sps
	echo "exit $?"
done
