#!/bin/sh
# '-' and no file both read standard input, named <stdin> in messages.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
"$SP_STACK" - <in.sps | "$SP_DUMP" | head -n 1
head -c 100 in.sps | "$SP_STACK" >calls.sps
