#!/bin/sh
# An interval stream (sp-read without sp-stack) is refused, exit 2, with
# the fix; no page is left behind.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" a.h5 >in.sps || exit
"$SP_REPORT" -o out.html in.sps
echo "exit $?"
ls
