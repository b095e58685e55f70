#!/bin/sh
# doc/calls.md, "Examples": short(0,50), long(10,200) are not properly nested:
# the reference's NestingError message, after the rank and lane, exit 1.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["short", [0], [50]], ["long", [10], [200]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps
