#!/bin/sh
# doc/exports.md, "Flame graphs", golden: main(0,100 ms) > setup(0,20),
# solve(20,90) > assemble(30,60), label profiling_data, threshold 0.001, width
# 1200: flameprof's document byte for byte (--fixed-width), 17 frames, 216
# high.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]]},
 "metadata": {"label": "profiling_data"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --fixed-width >flame.svg || exit
cat flame.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 17 --above 5 --below 12 --add-up flame.svg
