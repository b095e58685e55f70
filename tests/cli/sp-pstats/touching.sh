#!/bin/sh
# doc/calls.md, "Containment": a(0,10),(10,20) are both roots (touching
# siblings), and z(10,10) is a child of the second a: paths a (2 calls) and a >
# z.  The root's total adds both a calls.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0, 10], [10, 20]], ["z", [10], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "a"], 2, 2, 2e-08, 2e-08, [[["~", 0, "<in rank 0>"], 2, 2, 2e-08, 2e-08]]],
 [["~", 0, "a > z"], 1, 1, 0.0, 0.0, [[["~", 0, "a"], 1, 1, 0.0, 0.0]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 2e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
