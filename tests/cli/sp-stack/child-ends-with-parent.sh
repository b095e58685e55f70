#!/bin/sh
# doc/calls.md, "Examples": a child ending exactly when its parent ends is a
# child.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["p", [0], [10]], ["c", [4], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
