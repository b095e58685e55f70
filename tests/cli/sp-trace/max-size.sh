#!/bin/sh
# A trace larger than --max-size is still written, with one warning
# naming the ways to shrink it (for JSON, protobuf among them); 0 never
# warns; the defaults (500M, 200M for JSON) stay quiet here.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" --max-size 100 -o t.pftrace calls.sps || exit
"$SP_TRACE" --max-size 500 -f json calls.sps >t.json || exit
"$SP_TRACE" --max-size 0 -o t.pftrace calls.sps || exit
"$SP_TRACE" -o t.json calls.sps || exit
wc -c <t.pftrace
wc -c <t.json
