#!/bin/sh
# --force writes the stream even to a terminal.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
script -qec '"$SP_READ" --force in.h5 >/dev/null; echo "exit $?"' /dev/null | tr -d "\r"
