#!/bin/sh
# The binary stream is not written to a terminal (without --force).
# Needs script(1) for a pseudo-terminal; skipped without it.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
script -qec '"$SP_STACK" in.sps; echo "exit $?"' /dev/null | tr -d "\r"
