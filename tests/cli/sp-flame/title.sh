#!/bin/sh
# --title: a row above the graph, the frames one row down; escaped.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --title 'A & <B>' >t.svg || exit
head -n 1 t.svg
grep -o '<text class="sp_title"[^>]*>[^<]*</text>' t.svg
grep -o '<svg class="func_g" [^>]*>' t.svg
$PYTHON "$SRCDIR/tests/check-svg.py" t.svg
