#!/bin/sh
# -o - writes the one .prof of the stream to standard output, as it would
# be written to a file.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o - >out.prof || exit
ls -A
cat >want.json <<'EOF'
[[["~", 0, "outer"], 1, 1, 7e-08, 1e-07, [[["~", 0, "<in rank 0>"], 1, 1, 7e-08, 1e-07]]],
 [["~", 0, "outer > inner"], 1, 1, 3e-08, 3e-08, [[["~", 0, "outer"], 1, 1, 3e-08, 3e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes out.prof want.json &&
    echo "out.prof: as expected"
