#!/bin/sh
# Several top-level regions: a(0,50), b(50,80) > c(60,70), d(80,100),
# side by side under the root in key order; the largest (a, half the run)
# is too big for flameprof's extra root, so the total is the root's.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["d", [80], [100]], ["a", [0], [50]], ["b", [50], [80]],
  ["c", [60], [70]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" >flame.svg || exit
cat flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 14 --add-up --list flame.svg
