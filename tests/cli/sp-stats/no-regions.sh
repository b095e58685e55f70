#!/bin/sh
# A filter that keeps no region: the title alone and "(no regions
# recorded)", no box (5.6); the records an empty list.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" a.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" -i nothing calls.sps
"$SP_STATS" -i nothing --format json calls.sps
