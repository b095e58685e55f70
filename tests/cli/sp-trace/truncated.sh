#!/bin/sh
# A call stream cut short is an error, never a shorter trace: nothing is
# left behind, whether the cut is inside the run or only its end.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
head -c 300 calls.sps | "$SP_TRACE" -o t.pftrace
echo "exit $?"
head -c -19 calls.sps | "$SP_TRACE" --align start -o t.json
echo "exit $?"
ls -A
