#!/bin/sh
# A run without calls among others gets no file and a note (after the
# files are written); it still counts as a run for the file names.  The
# run with an empty rank 1 gets a note for that rank.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
$SPGEN spec - b.h5 <<'EOF'
{"ranks": {"0": [["b", [0], [10]]], "1": [["b", [], []]]}}
EOF
"$SP_READ" -i b a.h5 b.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
ls -A
cat >want.json <<'EOF'
[[["~", 0, "b"], 1, 1, 1e-08, 1e-08, [[["~", 0, "<b rank 0>"], 1, 1, 1e-08, 1e-08]]],
 [["~", 0, "<b rank 0>"], 1, 1, 0.0, 1e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_b_rank0.prof want.json &&
    echo "p_b_rank0.prof: as expected"
"$SP_READ" -i b a.h5 b.h5 | "$SP_STACK" | "$SP_PSTATS" --print --top 0
