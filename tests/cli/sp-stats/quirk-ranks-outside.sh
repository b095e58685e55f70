#!/bin/sh
# doc/stats.md, "Ranks outside the tree": in schema 1, rank groups rank0 and
# rank5 make num_ranks 2 (later schemas take max(mpi_size, max rank + 1), where
# no rank vanishes); the tree visits ranks 0 and 1, so main's 20 ms on rank 5
# are missing from it (0.010000) while summary() says 0.03, and only5, recorded
# on rank 5 alone, is a fallback row after the tree ("Fallback rows come
# last").  With -r 0,5 the tree visits rank 5 too.
$SPGEN spec - in.h5 <<'EOF2'
{"schema": 1,
 "ranks": {"0": [["main", [0], [10000000]]],
           "5": [["main", [0], [20000000]], ["only5", [1000], [2000]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --no-notes calls.sps
"$SP_STATS" --format csv --columns name,num_ranks,total_duration calls.sps
"$SP_STATS" -r 0,5 --no-notes calls.sps
