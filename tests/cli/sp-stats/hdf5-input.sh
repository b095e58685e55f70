#!/bin/sh
# A profile instead of a stream: exit 1, and the fix.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_STATS" a.h5
echo "exit $?"
