#!/bin/sh
# -o FILE writes the call stream there and leaves nothing else behind.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
"$SP_STACK" -o calls.sps in.sps || exit
ls -A
"$SP_DUMP" calls.sps | head -n 1
