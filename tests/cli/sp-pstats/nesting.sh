#!/bin/sh
# doc/exports.md, "Call-path entries": one entry per call path, named
# from the top; main tt 0.01, main > solve tt 0.04, assemble ct 0.03 with
# caller main > solve; the root <profiling_data rank 0> added last; 5
# calls; the file profile_rank0.prof, loaded by marshal and pstats.
$SPGEN spec - profiling_data.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
                 ["solve", [20000000], [90000000]], ["assemble", [50000000], [80000000]]]}}
EOF
"$SP_READ" profiling_data.h5 | "$SP_STACK" | "$SP_PSTATS" -o out/profile.prof || exit
ls -A out
cat >want.json <<'EOF'
[[["~", 0, "main"], 1, 1, 0.01, 0.1, [[["~", 0, "<profiling_data rank 0>"], 1, 1, 0.01, 0.1]]],
 [["~", 0, "main > setup"], 1, 1, 0.02, 0.02, [[["~", 0, "main"], 1, 1, 0.02, 0.02]]],
 [["~", 0, "main > solve"], 1, 1, 0.04, 0.07, [[["~", 0, "main"], 1, 1, 0.04, 0.07]]],
 [["~", 0, "main > solve > assemble"], 1, 1, 0.03, 0.03, [[["~", 0, "main > solve"], 1, 1, 0.03, 0.03]]],
 [["~", 0, "<profiling_data rank 0>"], 1, 1, 0.0, 0.1, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes out/profile_rank0.prof want.json &&
    echo "profile_rank0.prof: as expected"
