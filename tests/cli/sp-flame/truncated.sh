#!/bin/sh
# A call stream cut short is an error, never a smaller graph: nothing is
# left behind, not even the first run's files waiting for their names.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]],
  "1": [["x", [0], [10]]]}}
EOF2
"$SP_READ" -r all in.h5 | "$SP_STACK" >calls.sps || exit
head -c -19 calls.sps | "$SP_FLAME" -o out/flame.svg
echo "exit $?"
ls -A out
