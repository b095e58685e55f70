#!/bin/sh
# doc/exports.md, "Empty runs": a run whose filters left nothing ("No regions
# matched") has no rank at all: no .prof and no report, and a note naming it,
# exit 0 even when it is the only run (the reference raises).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]]]}}
EOF
"$SP_READ" -i nomatch in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" -o p.prof calls.sps
echo "exit $?"
"$SP_PSTATS" --print calls.sps
echo "exit $?"
ls -A
