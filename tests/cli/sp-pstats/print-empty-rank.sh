#!/bin/sh
# doc/exports.md, "Empty runs": in a report, a rank with 0 calls is an empty
# Stats, as build_pstats and to_pstats give it: 0 function calls, no table.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]]], "1": [["main", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" --print
