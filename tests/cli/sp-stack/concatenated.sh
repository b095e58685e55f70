#!/bin/sh
# Concatenated streams are one stream: both sections are stacked.
$SPGEN spec - one.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]], ["b", [2], [5]]]}}
EOF
$SPGEN spec - two.h5 <<'EOF'
{"ranks": {"1": [["c", [0], [30]], ["d", [30], [30]]]}}
EOF
"$SP_READ" one.h5 >one.sps && "$SP_READ" two.h5 >two.sps || exit
cat one.sps two.sps | "$SP_STACK" >calls.sps && "$SP_DUMP" calls.sps
