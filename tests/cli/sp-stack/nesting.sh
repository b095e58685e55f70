#!/bin/sh
# doc/calls.md, "Examples": outer(0,100); inner(10,40),(50,90); leaf(15,20)
# gives depth 0 1 2 1, parent -1 0 1 0, self 30 25 5 40 (listed in closing
# order).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]], ["leaf", [15], [20]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
