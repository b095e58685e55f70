#!/bin/sh
# --gaps: flameprof's own pruning, the tiny calls left out with their
# room (x of the frames after them unchanged), so the children of main do
# not add up; without [other] frames.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [1000]], ["a", [0], [10]], ["b", [10], [610]],
  ["t0", [610], [620]], ["t1", [620], [630]], ["z", [630], [700]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --gaps --threshold 0.02 \
    >flame.svg || exit
cat flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 12 --list flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --add-up flame.svg >/dev/null ||
    echo "the children of main do not add up"
