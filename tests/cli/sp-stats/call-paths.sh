#!/bin/sh
# --call-paths: the table's rows with their whole paths instead of the
# tree (no (own) rows), and the same rows as JSON records: call_path,
# depth, coverage, the path's own imbalance (times in ms).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]],
                 ["a", [10000000, 60000000], [40000000, 90000000]],
                 ["b", [15000000], [20000000]]],
           "1": [["main", [0], [50000000]], ["a", [5000000], [45000000]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --call-paths --columns region,ranks,calls,total,self,imbalance \
    --no-notes calls.sps
"$SP_STATS" --call-paths --format ndjson calls.sps
