#!/bin/sh
# A run that fails with -o leaves no output file (and no temporary).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" -o out.sps in.h5 nothere.h5
echo "exit $?"
ls -A
