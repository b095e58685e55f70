#!/bin/sh
# A file without /metadata: an empty metadata map, the label from the stem.
$SPGEN spec - in.h5 <<'EOF'
{"metadata": null, "ranks": {"0": [["x", [0], [1]]]}}
EOF
"$SP_READ" in.h5 >in.sps && $SP_ITEMS --kind run in.sps
