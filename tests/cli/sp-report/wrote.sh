#!/bin/sh
# The page written is named on standard error with a way to open it:
# with -v, also on a pipe; nothing without -v on a pipe, nothing with -q.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
"$SP_REPORT" -v -o out/two.html two.sps; echo "exit $?"
"$SP_REPORT" -o out/pipe.html one.sps; echo "exit $?"
"$SP_REPORT" -q -o out/q.html one.sps; echo "exit $?"
ls out
grep -c '<section class="run"' out/two.html
