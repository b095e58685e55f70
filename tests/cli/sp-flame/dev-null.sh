#!/bin/sh
# A device (/dev/null) takes one graph, as standard output does.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" -o /dev/null || exit
ls -A
