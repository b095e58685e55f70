#!/bin/sh
# The files written, each named on standard error with a command that
# opens it: with -v, also on a pipe (the names carry the rank and, for
# several runs, the label, which -o did not say); nothing on a pipe
# without -v, nothing with -q, and of -v and -q the last counts.  A name
# a shell would split is quoted; standard output is not named.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]]], "1": [["main", [0], [90]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
"$SP_READ" -r 0 in.h5 | "$SP_STACK" >rank0.sps || exit
"$SP_PSTATS" -v -o out/run.prof one.sps; echo "exit $?"
"$SP_PSTATS" --verbose -o "out/a b.prof" two.sps; echo "exit $?"
"$SP_PSTATS" -o out/quiet.prof one.sps; echo "exit $?"
"$SP_PSTATS" -q -o out/q.prof one.sps; echo "exit $?"
"$SP_PSTATS" -v -q -o out/vq.prof one.sps; echo "exit $?"
"$SP_PSTATS" -q -v -o out/qv.prof one.sps; echo "exit $?"
"$SP_PSTATS" -v -o - rank0.sps >/dev/null; echo "exit $?"
ls out
