#!/bin/sh
# The aggregate layout (no calls, totals per row): summary() from what the
# rows carry, 0.0 for the averages, extremes and percentiles (doc/stats.md,
# "Aggregate-only statistics"); the per-rank records from the stored numbers,
# percentiles null; the table is flat fallback rows, percentiles "-".
$SPGEN spec - in.h5 <<'EOF2'
{"layout": "aggregate",
 "ranks": {"0": [{"name": "solve", "aggregate": [4, 40, 5, 20, 30]}],
           "1": [{"name": "solve", "aggregate": [2, 60, 10, 50, 60]}]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --format ndjson calls.sps
"$SP_STATS" --by rank --format ndjson calls.sps
"$SP_STATS" --no-notes --columns region,ranks,calls,total,avg,min,max,p50 calls.sps
