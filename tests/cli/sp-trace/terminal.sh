#!/bin/sh
# Protobuf is not written to a terminal (without --force): a usage error;
# JSON is text, and goes.  Needs script(1) for a pseudo-terminal.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
script -qec '"$SP_TRACE" calls.sps; echo "exit $?"' /dev/null | tr -d "\r"
script -qec '"$SP_TRACE" --force calls.sps >/dev/null; echo "exit $?"' /dev/null | tr -d "\r"
script -qec '"$SP_TRACE" -f json calls.sps | tail -c 30; echo "exit $?"' /dev/null | tr -d "\r"
