#!/bin/sh
# The binary stream is not written to a terminal (without --force): a
# usage error.  Needs script(1) for a pseudo-terminal; skipped without it.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
script -qec '"$SP_READ" in.h5; echo "exit $?"' /dev/null | tr -d "\r"
