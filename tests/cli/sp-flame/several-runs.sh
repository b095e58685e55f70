#!/bin/sh
# doc/exports.md, "Run labels and file names": several runs put the slug of
# each run's label in the names, the first run's files too (held until the
# second run shows); labels are made unique.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]],
  "1": [["x", [0], [10]]]}, "metadata": {"label": "run"}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["y", [5], [50]]]}, "metadata": {"label": "run"}}
EOF2
"$SP_READ" -r all a.h5 b.h5 | "$SP_STACK" >calls.sps || exit
"$SP_FLAME" -o out/flame.svg calls.sps || exit
ls -A out
grep -o '<title>~:0:&lt;[^<]*</title>' out/flame_run_2_rank0.svg | sed 1q
"$SP_READ" a.h5 | "$SP_STACK" | "$SP_FLAME" -o one/flame.svg || exit
ls -A one
