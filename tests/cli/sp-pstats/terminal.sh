#!/bin/sh
# A binary .prof is not written to a terminal (-o - without --force): a
# usage error; --force writes it.  Needs script(1) for a pseudo-terminal;
# skipped without it.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
script -qec '"$SP_PSTATS" -o - calls.sps; echo "exit $?"' /dev/null | tr -d "\r"
script -qec '"$SP_PSTATS" --force -o - calls.sps >/dev/null; echo "exit $?"' /dev/null | tr -d "\r"
