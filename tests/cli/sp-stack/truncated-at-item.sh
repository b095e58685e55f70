#!/bin/sh
# A stream that stops between items (sp-read failed on its second file:
# no stream-end) is an error.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
$SPGEN broken truncated bad.h5
"$SP_READ" in.h5 bad.h5 >in.sps 2>/dev/null
"$SP_STACK" in.sps >calls.sps
