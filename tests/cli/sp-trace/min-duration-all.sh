#!/bin/sh
# --min-duration that drops every call leaves no trace: exit 1, named.
# With two runs, the run left without calls gets a note and no file.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]], ["leaf", [10], [20]]]}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["long", [0], [100000]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" --min-duration 1ms -o t.pftrace calls.sps
echo "exit $?"
"$SP_READ" in.h5 b.h5 | "$SP_STACK" >two.sps || exit
"$SP_TRACE" --min-duration 50us -o out/t.pftrace two.sps
echo "exit $?"
ls -A
ls -A out
