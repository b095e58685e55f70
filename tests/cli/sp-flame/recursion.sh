#!/bin/sh
# doc/exports.md, "Call-path entries": fib(0,100),(10,90),(60,80) are the paths
# fib, fib > fib, fib > fib > fib, one above the other; below, each path's self
# time with its chain of callers.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["fib", [0, 10, 60], [100, 90, 80]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" >flame.svg || exit
cat flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 13 --add-up --list flame.svg
