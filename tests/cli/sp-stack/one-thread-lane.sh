#!/bin/sh
# doc/calls.md, "Examples": calls all on thread 2 form the single lane -4.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100], {"thread_ids": [2]}], ["inner", [20], [40], {"thread_ids": [2]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
