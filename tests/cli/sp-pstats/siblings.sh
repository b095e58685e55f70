#!/bin/sh
# doc/exports.md, "Call-path entries": siblings of one path add up in one entry
# (count 2), each path's one caller is its parent path with the same numbers.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]], ["a", [10, 70], [20, 80]], ["b", [30], [60]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "main"], 1, 1, 5e-08, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 5e-08, 1e-07]]],
 [["~", 0, "main > a"], 2, 2, 2e-08, 2e-08, [[["~", 0, "main"], 2, 2, 2e-08, 2e-08]]],
 [["~", 0, "main > b"], 1, 1, 3e-08, 3e-08, [[["~", 0, "main"], 1, 1, 3e-08, 3e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
