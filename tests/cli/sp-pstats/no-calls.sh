#!/bin/sh
# doc/exports.md, "Empty runs": "No calls recorded for the requested ranks.",
# which the reference raises: here a stream whose only run has no calls writes
# no file (pstats cannot load an empty dict) and says so per rank, exit 0.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [], []]], "1": [["main", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" -o p.prof calls.sps
echo "exit $?"
"$SP_PSTATS" -o - calls.sps
echo "exit $?"
ls -A
