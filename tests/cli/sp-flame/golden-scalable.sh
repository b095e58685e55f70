#!/bin/sh
# doc/exports.md, "Scalable and fixed size": by default the reference's
# scalable form: no prolog, a viewBox instead of width and height, the rest
# unchanged; -o FILE gives FILE's stem + _rank0 (the .prof rule).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]]},
 "metadata": {"label": "profiling_data"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" -o flame.svg || exit
ls -A
head -n 6 flame_rank0.svg
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --fixed-width | sed 1,2d |
    sed '1s/width="1200" height="216"/viewBox="0 0 1200 216"/' |
    cmp - flame_rank0.svg && echo "the same frames as --fixed-width"
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 17 --add-up flame_rank0.svg
