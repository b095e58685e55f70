#!/bin/sh
# A run without calls (an aggregate-layout file) passes through: rank items,
# no batches.
$SPGEN spec - in.h5 <<'EOF'
{"layout": "aggregate", "ranks": {"0": [{"name": "solve", "aggregate": [3, 33, 5, 15, 20]}]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
