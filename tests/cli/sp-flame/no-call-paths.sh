#!/bin/sh
# --no-call-paths: one node per region (cProfile's accounting), so the
# recursion of fib is an edge fib -> fib; flameprof's layout follows it
# once and rescales what it meets twice.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["fib", [0, 10, 20], [90, 80, 30]],
  ["io", [90], [100]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --no-call-paths >flame.svg ||
    exit
grep -o '<title>[^<]*</title>' flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --list flame.svg
