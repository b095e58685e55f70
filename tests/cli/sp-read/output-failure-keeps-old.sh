#!/bin/sh
# A failing run with -o leaves an existing file as it was.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
echo old >out.sps
"$SP_READ" -o out.sps in.h5 nothere.h5
echo "exit $?"
cat out.sps
ls -A
