#!/bin/sh
# An interval stream lacks the stack: a usage error that names the fix.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
"$SP_SPEEDSCOPE" -o doc.json in.sps
echo "exit $?"
ls -A
