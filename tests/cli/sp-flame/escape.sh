#!/bin/sh
# Names with &, <, > and characters XML cannot hold (a control character):
# escaped as saxutils.escape does, the rest as U+FFFD, so the SVG parses.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a&b<c>", [0], [10]], ["x\u0001y", [2], [5]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" >e.svg || exit
grep -o '<text alignment-baseline[^>]*>[^<]*</text>' e.svg | sort -u
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 8 --add-up e.svg
