#!/bin/sh
# A call stream cut short is an error, exit 1, and no report.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]], ["y", [2], [5]]]}}
EOF2
"$SP_READ" a.h5 | "$SP_STACK" >calls.sps || exit
head -c 200 calls.sps >cut.sps
"$SP_STATS" -o out.txt cut.sps
echo "exit $?"
ls
