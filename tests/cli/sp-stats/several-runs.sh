#!/bin/sh
# Two runs, "a" and "b": -o out/s.txt names a file per run after its
# label (out/s_a.txt, out/s_b.txt), as the other exporters name theirs;
# the first run alone keeps the plain name.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["y", [0], [20]]]}}
EOF2
"$SP_READ" a.h5 b.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --format csv -o out/s.csv calls.sps || exit
ls out
cat out/s_a.csv out/s_b.csv
"$SP_READ" a.h5 | "$SP_STACK" | "$SP_STATS" --format csv -o one/s.csv || exit
ls one
