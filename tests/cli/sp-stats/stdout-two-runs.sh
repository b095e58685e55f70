#!/bin/sh
# Standard output takes one run: a second is a usage error (exit 2) that
# names the fix; what came before lacks its last byte.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" a.h5 a.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --format csv calls.sps
echo "exit $?"
