#!/bin/sh
# doc/calls.md, "Examples": a zero-length call at its parent's end time is a
# sibling (a root), not a child.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["p", [0], [10]], ["z", [10], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
