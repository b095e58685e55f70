#!/bin/sh
# Threshold pruning: main(0,1000) with big(0,600), and tiny calls t0..t4
# of 10 each (1 % of the run) under --threshold 0.02: the tiny ones are
# merged into one "[other]" frame (5 %) after big, so the children of
# main add up to its time less its self time; below, the same on the top
# row.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [1000]], ["big", [0], [600]],
  ["t0", [600], [610]], ["t1", [610], [620]], ["t2", [620], [630]],
  ["t3", [630], [640]], ["t4", [640], [650]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --threshold 0.02 >flame.svg ||
    exit
cat flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 10 --add-up --list flame.svg
