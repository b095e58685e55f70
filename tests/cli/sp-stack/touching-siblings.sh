#!/bin/sh
# doc/calls.md, "Examples": a(0,10),(10,20) are both roots (touching siblings).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0, 10], [10, 20]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
