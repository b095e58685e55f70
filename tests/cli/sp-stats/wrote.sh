#!/bin/sh
# The files written, each named on standard error with a way to open
# it: with -v, also on a pipe; nothing on a pipe without -v, nothing with
# -q; standard output is not named.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
"$SP_STATS" -v -o out/stats.txt two.sps; echo "exit $?"
"$SP_STATS" -v --format json -o out/stats.json one.sps; echo "exit $?"
"$SP_STATS" -v --format ndjson -o out/stats.ndjson one.sps; echo "exit $?"
"$SP_STATS" -o out/pipe.txt one.sps; echo "exit $?"
"$SP_STATS" -q -o out/q.txt one.sps; echo "exit $?"
"$SP_STATS" -v one.sps >/dev/null; echo "exit $?"
ls out
