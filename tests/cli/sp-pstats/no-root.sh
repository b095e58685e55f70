#!/bin/sh
# doc/exports.md, "Call-path entries" and "Region entries": without a root
# frame (--no-root, the reference's root_name None) top-level entries have no
# callers and there is no root entry, with call paths and without.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [1000000000]], ["c", [100000000], [300000000]],
                 ["b", [2000000000], [2500000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" --no-root -o p.prof calls.sps || exit
"$SP_PSTATS" --no-root --no-call-paths -o agg.prof calls.sps || exit
cat >want.json <<'EOF'
[[["~", 0, "a"], 1, 1, 0.8, 1.0, []],
 [["~", 0, "a > c"], 1, 1, 0.2, 0.2, [[["~", 0, "a"], 1, 1, 0.2, 0.2]]],
 [["~", 0, "b"], 1, 1, 0.5, 0.5, []]]
EOF
cat >agg.json <<'EOF'
[[["~", 0, "a"], 1, 1, 0.8, 1.0, []],
 [["~", 0, "c"], 1, 1, 0.2, 0.2, [[["~", 0, "a"], 1, 1, 0.2, 0.2]]],
 [["~", 0, "b"], 1, 1, 0.5, 0.5, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes --pairs \
    p_rank0.prof want.json agg_rank0.prof agg.json && echo "both files: as expected"
