#!/bin/sh
# doc/calls.md, "Examples": two zero-length calls at the same t: the second is
# the first's child.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["z", [5, 5], [5, 5]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
