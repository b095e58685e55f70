#!/bin/sh
# doc/calls.md, "Containment": outer(0,100) with tick(0,0),(50,50) inside it;
# edge(100,100) at outer's end is a root, not a child; two zero-length z at 200
# nest (z > z).  Zero-length calls count with 0.0 seconds.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["tick", [0, 50], [0, 50]], ["edge", [100], [100]],
                 ["z", [200, 200], [200, 200]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "outer"], 1, 1, 1e-07, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 1e-07, 1e-07]]],
 [["~", 0, "outer > tick"], 2, 2, 0.0, 0.0, [[["~", 0, "outer"], 2, 2, 0.0, 0.0]]],
 [["~", 0, "edge"], 1, 1, 0.0, 0.0, [[["~", 0, "<in rank 0>"], 1, 1, 0.0, 0.0]]],
 [["~", 0, "z"], 1, 1, 0.0, 0.0, [[["~", 0, "<in rank 0>"], 1, 1, 0.0, 0.0]]],
 [["~", 0, "z > z"], 1, 1, 0.0, 0.0, [[["~", 0, "z"], 1, 1, 0.0, 0.0]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
