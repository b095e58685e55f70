#!/bin/sh
# The files written, each named on standard error with a way to open
# it: with -v, also on a pipe; nothing on a pipe without -v, nothing with
# -q; standard output is not named.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
"$SP_FLAME" -v -o out/flame.svg one.sps; echo "exit $?"
"$SP_FLAME" --verbose --folded -o out/f two.sps; echo "exit $?"
"$SP_FLAME" -v --diff -o out/diff.svg two.sps; echo "exit $?"
"$SP_FLAME" -o out/pipe.svg one.sps; echo "exit $?"
"$SP_FLAME" -q -o out/q.svg one.sps; echo "exit $?"
"$SP_FLAME" -v one.sps >/dev/null; echo "exit $?"
ls out
