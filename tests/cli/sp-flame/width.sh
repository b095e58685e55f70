#!/bin/sh
# --width: the x scale and where labels are cut (doc/exports.md, "Geometry").
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["a", [0], [30]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --width 300 >w.svg || exit
head -n 1 w.svg
grep -o '<svg class="func_g" [^>]*>' w.svg
