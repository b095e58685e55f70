#!/bin/sh
# doc/calls.md, "Examples": outer(5,100), inner(5,40): on equal starts the
# longer call comes first and is the parent, whatever the region order.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["inner", [5], [40]], ["outer", [5], [100]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
