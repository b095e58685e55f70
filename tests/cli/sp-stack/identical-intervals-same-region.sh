#!/bin/sh
# Identical calls of one region: recording order decides, the first is
# the parent.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["r", [0, 0], [10, 10]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
