#!/bin/sh
# Schema 1 with resizable chunked, gzip-compressed region datasets.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 1, "storage": "shuffle-gzip", "ranks": {"0": [["outer", [0, 100], [90, 190]], ["inner", [10, 110], [20, 120]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
