#!/bin/sh
# A file-order stream (sp-read --order file, for sp-json) has no call
# order to stack: sp-stack refuses it with a message saying so.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]], ["y", [2], [5]]]}}
EOF2
"$SP_READ" --order file in.h5 >f.sps || exit
"$SP_STACK" f.sps >out.sps
