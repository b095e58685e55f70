#!/bin/sh
# doc/exports.md, "Region entries": aggregated by region, regions in region
# order (by first start); work, called from phase_a (0.3 s), phase_b (0.6 s)
# and the top level (0.2 s), is one entry (3, 3, 1.1, 1.1) whose callers are
# the root's bucket first, then phase_a and phase_b; no name holds " > ". Sums
# in call order: 0.3 + 0.6 + 0.2 = 1.0999999999999999.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["phase_a", [0], [400000000]], ["work", [50000000, 550000000, 1300000000],
                                                         [350000000, 1150000000, 1500000000]],
                 ["phase_b", [500000000], [1200000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" --no-call-paths -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "phase_a"], 1, 1, 0.1, 0.4, [[["~", 0, "<in rank 0>"], 1, 1, 0.1, 0.4]]],
 [["~", 0, "work"], 3, 3, 1.0999999999999999, 1.0999999999999999,
  [[["~", 0, "<in rank 0>"], 1, 1, 0.2, 0.2], [["~", 0, "phase_a"], 1, 1, 0.3, 0.3],
   [["~", 0, "phase_b"], 1, 1, 0.6, 0.6]]],
 [["~", 0, "phase_b"], 1, 1, 0.1, 0.7, [[["~", 0, "<in rank 0>"], 1, 1, 0.1, 0.7]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1.3, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
