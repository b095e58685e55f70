#!/bin/sh
# doc/stats.md, "Own time under a filter": outer 10 ms > mid 8 ms > leaf
# 2 x 1 ms with -x mid: leaf hangs on outer, and outer's (own) row keeps
# its exclusive time of the whole tree (2 ms), so own + leaf < outer;
# summary()'s exclusive times stay the whole tree's too.  sp-read's -x
# instead rebuilds the tree without mid.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [10000000]], ["mid", [1000000], [9000000]],
                 ["leaf", [2000000, 5000000], [3000000, 6000000]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" -x mid --no-notes calls.sps
"$SP_STATS" -x mid --format csv --columns name,exclusive_duration calls.sps
"$SP_READ" -x mid in.h5 | "$SP_STACK" | "$SP_STATS" --no-notes
