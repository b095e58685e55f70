#!/bin/sh
# exports.md 2.5: "No calls recorded for the requested ranks.": a stream
# whose only run has no calls is an error naming the run, exit 1, and no
# file is written; a report too.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [], []]], "1": [["main", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" -o p.prof calls.sps
echo "exit $?"
"$SP_PSTATS" -o - calls.sps
echo "exit $?"
ls -A
