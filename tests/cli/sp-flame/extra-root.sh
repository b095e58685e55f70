#!/bin/sh
# doc/exports.md, "The flame graph's roots": six equal top-level regions, each
# under 20 % of the run: flameprof also makes the first of the largest (a) a
# root, so it is drawn twice above, under the root and beside it, and the total
# is 7/6 of the run.  a's callee x, reached twice, is rescaled (here by 1) and
# drawn green both times.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10]], ["x", [2], [8]], ["b", [10], [20]],
  ["c", [20], [30]], ["d", [30], [40]], ["e", [40], [50]],
  ["f", [50], [60]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" >flame.svg || exit
grep -o '<title>[^<]*</title>' flame.svg | sed -n 1,11p
grep -c 'rgb(44, 255, 210)\|rgb(57, 242, 168)\|rgb(71, 230, 126)\|rgb(85, 218, 84)\|rgb(99, 206, 42)' flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 25 --list flame.svg
