#!/bin/sh
# --approx: percentiles from histograms, exact below 128 ns and within
# 0.78% above; with the percentile columns, a note says so.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["small", [0, 10, 20, 30], [3, 17, 27, 130]],
                 ["big", [1000, 3000], [2001000, 3003000]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --approx --format csv --columns name,p50,p95,p99 calls.sps
"$SP_STATS" --format csv --columns name,p50,p95,p99 calls.sps
"$SP_STATS" --approx --columns region,p50,p99 calls.sps | grep estimates
