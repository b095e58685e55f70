#!/bin/sh
# An interval stream lacks the stack: a usage error that names the fix,
# exit 2, with the same words as sp-speedscope; nothing is written.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
"$SP_PSTATS" -o p.prof in.sps
echo "exit $?"
"$SP_PSTATS" --print <in.sps
echo "exit $?"
ls -A
