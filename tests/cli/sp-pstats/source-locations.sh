#!/bin/sh
# doc/exports.md, "Keys": the key is (source file, line, name) when the region
# (for a call path, its leaf) has a file and a line on that rank, else
# ("~", 0, name): io has a file but no line.  solve is at line 42 on rank
# 0 and line 43 on rank 1.  With --no-call-paths the name is the region's.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]],
                 ["solve", [10], [60], {"source_file": "solver.py", "source_lineno": 42}],
                 ["io", [70], [90], {"source_file": "io.py"}]],
           "1": [["solve", [0], [50], {"source_file": "solver.py", "source_lineno": 43}]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" -o p.prof calls.sps || exit
"$SP_PSTATS" --no-call-paths -o agg/p.prof calls.sps || exit
cat >want0.json <<'EOF'
[[["~", 0, "main"], 1, 1, 3e-08, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 3e-08, 1e-07]]],
 [["solver.py", 42, "main > solve"], 1, 1, 5e-08, 5e-08, [[["~", 0, "main"], 1, 1, 5e-08, 5e-08]]],
 [["~", 0, "main > io"], 1, 1, 2e-08, 2e-08, [[["~", 0, "main"], 1, 1, 2e-08, 2e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
cat >want1.json <<'EOF'
[[["solver.py", 43, "solve"], 1, 1, 5e-08, 5e-08, [[["~", 0, "<in rank 1>"], 1, 1, 5e-08, 5e-08]]],
 [["~", 0, "<in rank 1>"], 1, 1, 0.0, 5e-08, []]]
EOF
cat >agg0.json <<'EOF'
[[["~", 0, "main"], 1, 1, 3e-08, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 3e-08, 1e-07]]],
 [["solver.py", 42, "solve"], 1, 1, 5e-08, 5e-08, [[["~", 0, "main"], 1, 1, 5e-08, 5e-08]]],
 [["~", 0, "io"], 1, 1, 2e-08, 2e-08, [[["~", 0, "main"], 1, 1, 2e-08, 2e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes --pairs \
    p_rank0.prof want0.json p_rank1.prof want1.json agg/p_rank0.prof agg0.json &&
    echo "p_rank0.prof, p_rank1.prof, agg/p_rank0.prof: as expected"
