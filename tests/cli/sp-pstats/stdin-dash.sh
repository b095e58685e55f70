#!/bin/sh
# "-" is standard input, as no FILE is.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof - || exit
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" --print --top 0 - || exit
ls -A
cat >want.json <<'EOF'
[[["~", 0, "a"], 1, 1, 1e-08, 1e-08, [[["~", 0, "<in rank 0>"], 1, 1, 1e-08, 1e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
