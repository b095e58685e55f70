#!/bin/sh
# An interval stream lacks the stack: a usage error that names the fix.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF2
"$SP_READ" in.h5 >in.sps || exit
"$SP_FLAME" -o flame.svg in.sps
echo "exit $?"
ls -A
