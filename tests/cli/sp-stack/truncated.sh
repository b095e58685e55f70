#!/bin/sh
# A stream cut short (head -c) is an error, never a smaller profile.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
head -c 200 in.sps | "$SP_STACK" >calls.sps
