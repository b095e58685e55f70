#!/bin/sh
# --by lane: a record per (region, rank, lane), the lanes named as
# sp-speedscope names its profiles (thread table names), each with the
# per-rank records' rules over the lane's calls (times in ms).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["work", [0, 10000000, 20000000], [100000000, 30000000, 25000000],
                  {"thread_ids": [0, 1, 1]}]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"},
                  {"rank": 0, "index": 1, "name": "worker"}]}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --by lane calls.sps
"$SP_STATS" --by lane --format csv calls.sps
