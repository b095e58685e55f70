#!/bin/sh
# A document larger than --max-size is still written, with one warning
# naming the ways to shrink it; --max-size 0 never warns.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_SPEEDSCOPE" --max-size 100 -o doc.json calls.sps || exit
wc -c <doc.json
"$SP_SPEEDSCOPE" --max-size 1k -o doc.json calls.sps || exit
"$SP_SPEEDSCOPE" --max-size 0 -o doc.json calls.sps || exit
