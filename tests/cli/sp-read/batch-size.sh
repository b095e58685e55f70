#!/bin/sh
# --batch N cuts each lane into batches of at most N calls; 'first' numbers
# the calls of a lane across batches.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0, 10, 20, 30, 40], [5, 15, 25, 35, 45]]]}}
EOF
"$SP_READ" --batch 2 in.h5 >in.sps && "$SP_DUMP" in.sps
