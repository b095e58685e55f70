#!/bin/sh
# doc/calls.md, "Examples": identical intervals in regions A then B: B is A's
# child, self A 0, B 10.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["A", [0], [10]], ["B", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
