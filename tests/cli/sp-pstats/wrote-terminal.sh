#!/bin/sh
# On a terminal, the files written are named without -v; -q silences
# them.  Needs script(1) for a pseudo-terminal; skipped without it.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
script -qec '"$SP_PSTATS" -o out/run.prof calls.sps; echo "exit $?"' /dev/null | tr -d "\r"
script -qec '"$SP_PSTATS" -q -o out/q.prof calls.sps; echo "exit $?"' /dev/null | tr -d "\r"
ls out
