#!/bin/sh
# An empty metadata label is not truthy: the file stem is used.
$SPGEN spec - my.run.h5 <<'EOF'
{"metadata": {"label": ""}, "ranks": {"0": [["x", [0], [1]]]}}
EOF
"$SP_READ" my.run.h5 >in.sps && "$SP_DUMP" in.sps
