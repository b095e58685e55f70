#!/bin/sh
# doc/exports.md, "Run labels and file names": one file per rank, _rank<N>
# before the suffix, each with its own root <in rank N>.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [500], [900]], ["solve", [600], [800]]],
           "1": [["main", [100], [1000]], ["setup", [150], [200]], ["solve", [300], [700]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o run.prof || exit
ls -A
cat >want0.json <<'EOF'
[[["~", 0, "main"], 1, 1, 2e-07, 4e-07, [[["~", 0, "<in rank 0>"], 1, 1, 2e-07, 4e-07]]],
 [["~", 0, "main > solve"], 1, 1, 2e-07, 2e-07, [[["~", 0, "main"], 1, 1, 2e-07, 2e-07]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 4e-07, []]]
EOF
cat >want1.json <<'EOF'
[[["~", 0, "main"], 1, 1, 4.5e-07, 9e-07, [[["~", 0, "<in rank 1>"], 1, 1, 4.5e-07, 9e-07]]],
 [["~", 0, "main > setup"], 1, 1, 5e-08, 5e-08, [[["~", 0, "main"], 1, 1, 5e-08, 5e-08]]],
 [["~", 0, "main > solve"], 1, 1, 4e-07, 4e-07, [[["~", 0, "main"], 1, 1, 4e-07, 4e-07]]],
 [["~", 0, "<in rank 1>"], 1, 1, 0.0, 9e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes --pairs \
    run_rank0.prof want0.json run_rank1.prof want1.json && echo "both files: as expected"
