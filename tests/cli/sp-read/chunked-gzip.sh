#!/bin/sh
# Chunked datasets with shuffle + deflate, chunks smaller than the columns.
$SPGEN spec - in.h5 <<'EOF'
{"storage": {"layout": "chunked", "chunk": 2, "compression": "gzip", "shuffle": true, "level": 9},
 "ranks": {"0": [["outer", [0, 100, 200], [90, 190, 290]], ["inner", [10, 110, 210, 250], [20, 120, 220, 260]]],
           "1": [["outer", [5], [95]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
