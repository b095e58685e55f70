#!/bin/sh
# "-" reads standard input.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_SPEEDSCOPE" - <calls.sps >doc.json || exit
"$SP_SPEEDSCOPE" calls.sps | cmp - doc.json && echo same
