#!/bin/sh
# doc/calls.md, "Examples": fib(0,100),(10,90),(60,80) gives depth 0 1 2,
# parent -1 0 1.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["fib", [0, 10, 60], [100, 90, 80]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
