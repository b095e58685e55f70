#!/bin/sh
# doc/exports.md, "Call-path entries": fib(0,100),(10,90),(60,80) nest three
# deep; with call paths recursion gives distinct paths fib, fib > fib, fib >
# fib > fib, each with cc = nc = 1.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["fib", [0, 10, 60], [100, 90, 80]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "fib"], 1, 1, 2e-08, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 2e-08, 1e-07]]],
 [["~", 0, "fib > fib"], 1, 1, 6e-08, 8e-08, [[["~", 0, "fib"], 1, 1, 6e-08, 8e-08]]],
 [["~", 0, "fib > fib > fib"], 1, 1, 2e-08, 2e-08, [[["~", 0, "fib > fib"], 1, 1, 2e-08, 2e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
