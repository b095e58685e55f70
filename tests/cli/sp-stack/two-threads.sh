#!/bin/sh
# doc/calls.md, "Examples": outer(0,100)/(10,110) and inner(20,40)/(30,50) on
# threads 0 and 1 overlap across lanes without error; lanes -3 then -2, each
# with parents -1 0.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0, 10], [100, 110], {"thread_ids": [0, 1]}], ["inner", [20, 30], [40, 50], {"thread_ids": [0, 1]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
