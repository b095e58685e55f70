#!/bin/sh
# doc/exports.md, "Empty runs": a (run, rank) with 0 calls is skipped (no
# file), as the reference's export_prof skips it; sp-pstats says so on standard
# error.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]]], "1": [["main", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o out/p.prof || exit
ls -A out
cat >want.json <<'EOF'
[[["~", 0, "main"], 1, 1, 1e-07, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 1e-07, 1e-07]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes out/p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
