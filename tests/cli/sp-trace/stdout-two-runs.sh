#!/bin/sh
# Standard output takes one trace: a stream of two runs is a usage
# error, and what went out lacks its last byte; one run is written whole.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]]]}}
EOF2
"$SP_READ" a.h5 a.h5 | "$SP_STACK" >two.sps || exit
"$SP_READ" a.h5 | "$SP_STACK" >one.sps || exit
"$SP_TRACE" -f json two.sps >out.json
echo "exit $?"
"$SP_TRACE" -f json - <one.sps >out.json
echo "exit $?"
tail -c 20 out.json; echo
"$SP_TRACE" -o /dev/null two.sps
echo "exit $?"
