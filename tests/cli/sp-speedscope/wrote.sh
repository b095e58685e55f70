#!/bin/sh
# The files written, each named on standard error with a way to open
# it: with -v, also on a pipe; nothing on a pipe without -v, nothing with
# -q; standard output is not named.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
"$SP_SPEEDSCOPE" -v -o out/run.speedscope.json two.sps; echo "exit $?"
"$SP_SPEEDSCOPE" -o out/pipe.json one.sps; echo "exit $?"
"$SP_SPEEDSCOPE" -q -o out/q.json one.sps; echo "exit $?"
"$SP_SPEEDSCOPE" -v one.sps >/dev/null; echo "exit $?"
ls out
