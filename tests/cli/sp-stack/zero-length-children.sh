#!/bin/sh
# doc/calls.md, "Examples": outer(0,100); tick(0,0),(50,50) gives depth 0 1 1,
# parent -1 0 0, self 100 0 0.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["tick", [0, 50], [0, 50]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
