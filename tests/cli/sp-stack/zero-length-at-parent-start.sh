#!/bin/sh
# doc/calls.md, "Examples": a zero-length call at its parent's start time is a
# child.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["p", [0], [10]], ["z", [0], [0]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
