#!/bin/sh
# A failing run with -o leaves no output file and no temporary.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["short", [0], [50]], ["long", [10], [200]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
"$SP_STACK" -o calls.sps in.sps
echo "exit $?"
ls -A
