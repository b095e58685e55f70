#!/bin/sh
# doc/calls.md, "Examples": with the region order reversed (B then A) the roles
# swap.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["B", [0], [10]], ["A", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
