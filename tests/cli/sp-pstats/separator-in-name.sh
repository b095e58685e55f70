#!/bin/sh
# doc/exports.md, "Names that contain the separator", a quirk kept: names are
# not escaped, so a top-level region named "a > b" and the path a > b share one
# key.  The later one's numbers replace the earlier's, the entry keeps the
# first position, and both callers (a, then the root) stay in it.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [100]], ["b", [10], [30]], ["a > b", [200], [260]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "a"], 1, 1, 8e-08, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 8e-08, 1e-07]]],
 [["~", 0, "a > b"], 1, 1, 6e-08, 6e-08, [[["~", 0, "a"], 1, 1, 2e-08, 2e-08],
                                          [["~", 0, "<in rank 0>"], 1, 1, 6e-08, 6e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1.6e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
