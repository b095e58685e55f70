#!/bin/sh
# Excluding a parent: its children attach to the grandparent, whose self
# time shrinks to match (main 100 - 20 - 30 = 50).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]], ["solve", [10], [90]], ["assemble", [20, 50], [40, 80]]]}}
EOF
"$SP_READ" -x solve in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
