#!/bin/sh
# -o FILE writes the stream there (through a temporary name renamed into
# place) and leaves nothing else behind.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" -o out.sps in.h5 || exit
ls -A
"$SP_DUMP" out.sps | head -n 1
