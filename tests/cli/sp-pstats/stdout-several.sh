#!/bin/sh
# Standard output takes one .prof: a stream with calls on two ranks (or in
# two runs) is a usage error, exit 2, and nothing is written there.  An
# empty second rank does not count.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]], "1": [["a", [0], [10]]], "2": [["a", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" -o - calls.sps >out.prof
echo "exit $?"
wc -c <out.prof
"$SP_READ" -r 1,2 in.h5 | "$SP_STACK" | "$SP_PSTATS" -o - >one.prof
echo "exit $?"
cat >want.json <<'EOF'
[[["~", 0, "a"], 1, 1, 1e-08, 1e-08, [[["~", 0, "<in rank 1>"], 1, 1, 1e-08, 1e-08]]],
 [["~", 0, "<in rank 1>"], 1, 1, 0.0, 1e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes one.prof want.json &&
    echo "one.prof: as expected"
