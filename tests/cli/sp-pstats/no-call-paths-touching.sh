#!/bin/sh
# doc/exports.md, "Recursion in cProfile's accounting", a quirk kept: a
# zero-length R call that starts when an earlier R call ends is a sibling in
# the reconstruction, but the recursion test (end <= the earlier calls' latest
# end) counts it as recursive: cc 1, nc 2.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["R", [0, 10], [10, 10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" --no-call-paths -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "R"], 1, 2, 1e-08, 1e-08, [[["~", 0, "<in rank 0>"], 1, 2, 1e-08, 1e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
