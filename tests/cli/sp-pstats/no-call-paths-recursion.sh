#!/bin/sh
# doc/exports.md, "Recursion in cProfile's accounting": cProfile's recursion
# accounting.  recurse(0,1 s), (0.2,0.6 s) gives (1, 2, 1.0, 1.0); four nested
# rec calls give cc 1, nc 4 as a real cProfile run does, ct counting the outer
# call only.  The self-recursion shows as a caller equal to itself with cc 0
# and ct 0.0.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["recurse", [0, 200000000], [1000000000, 600000000]],
                 ["rec", [2000000000, 2100000000, 2200000000, 2300000000],
                         [3000000000, 2900000000, 2800000000, 2700000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" --no-call-paths -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "recurse"], 1, 2, 1.0, 1.0,
  [[["~", 0, "<in rank 0>"], 1, 1, 0.6, 1.0], [["~", 0, "recurse"], 0, 1, 0.4, 0.0]]],
 [["~", 0, "rec"], 1, 4, 1.0, 1.0,
  [[["~", 0, "<in rank 0>"], 1, 1, 0.2, 1.0], [["~", 0, "rec"], 0, 3, 0.8, 0.0]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 2.0, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
