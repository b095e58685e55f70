#!/bin/sh
# doc/calls.md, "Examples": a(0,10),(10,20) plus z(10,10): z is a child of the
# second a.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0, 10], [10, 20]], ["z", [10], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
