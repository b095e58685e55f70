#!/bin/sh
# A call stream cut short is an error, never a smaller document: nothing
# is left behind, whether the cut is inside the run or only its end.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
head -c 300 calls.sps | "$SP_SPEEDSCOPE" -o doc.json
echo "exit $?"
# without its stream-end item (19 bytes): the run itself is complete
head -c -19 calls.sps | "$SP_SPEEDSCOPE" -o doc.json
echo "exit $?"
ls -A
