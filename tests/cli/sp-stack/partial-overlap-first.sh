#!/bin/sh
# With several crossings the first offending call in sorted order is named
# (the one starting at 30, not the one at 60), with its call index.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["p", [0, 50], [40, 80]], ["q", [60, 5, 30], [90, 6, 45]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps
