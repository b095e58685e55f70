#!/bin/sh
# doc/exports.md, "Call-path entries": a(0,1 s), b(2,2.5 s) with the root named
# "<run>" (--root): the root (1, 1, 0.0, 1.5) calls both; pstats shows it as
# {run}.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [1000000000]], ["b", [2000000000], [2500000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" --root '<run>' -o p.prof calls.sps || exit
"$SP_PSTATS" --root '<run>' --no-call-paths -o agg.prof calls.sps || exit
cat >want.json <<'EOF'
[[["~", 0, "a"], 1, 1, 1.0, 1.0, [[["~", 0, "<run>"], 1, 1, 1.0, 1.0]]],
 [["~", 0, "b"], 1, 1, 0.5, 0.5, [[["~", 0, "<run>"], 1, 1, 0.5, 0.5]]],
 [["~", 0, "<run>"], 1, 1, 0.0, 1.5, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes --pairs \
    p_rank0.prof want.json agg_rank0.prof want.json && echo "both files: as expected"
"$SP_PSTATS" --print --root '<run>' --sort name calls.sps
