#!/bin/sh
# Rows in recording order that is not start order (schema 3 stores
# negative deltas): the stream has each lane's calls sorted by start
# ascending, end descending.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["leaf", [60, 15, 20], [70, 18, 30]], ["outer", [50, 0], [100, 40]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
