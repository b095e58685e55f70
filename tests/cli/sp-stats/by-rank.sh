#!/bin/sh
# --by rank: the spread of each region's rank totals (min, mean, max, the
# slowest rank, Caliper's max/mean-1 over every rank with a row, beside
# the reference's imbalance, which drops the rank whose total is 0), then
# a line per rank with its excess over the mean; and the per-rank records
# as JSON lines (times in ms).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["solve", [0, 100000000], [50000000, 200000000]],
                 ["io", [300000000], [300000000]]],
           "1": [["solve", [0], [400000000]], ["io", [500000000], [600000000]]],
           "2": [["solve", [0], [90000000]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --by rank calls.sps
"$SP_STATS" --by rank --format ndjson calls.sps
