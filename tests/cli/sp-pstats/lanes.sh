#!/bin/sh
# doc/exports.md, "Call-path entries": the lanes of a rank go into one dict,
# and the sums follow the reference's global order (start ascending), not the
# stream's lane order (thread 1 before thread 0): w's ct is (0.1 + 0.2) + 0.3 =
# 0.6000000000000001, where lane order would give 0.6.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [
  ["w", [0, 50000000, 300000000], [100000000, 250000000, 600000000], {"thread_ids": [0, 1, 1]}],
  ["inner", [10000000, 310000000], [20000000, 330000000], {"thread_ids": [0, 1]}]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"}, {"rank": 0, "index": 1, "name": "w0"}]}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "w"], 3, 3, 0.5700000000000001, 0.6000000000000001,
  [[["~", 0, "<in rank 0>"], 3, 3, 0.5700000000000001, 0.6000000000000001]]],
 [["~", 0, "w > inner"], 2, 2, 0.03, 0.03, [[["~", 0, "w"], 2, 2, 0.03, 0.03]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 0.6000000000000001, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
