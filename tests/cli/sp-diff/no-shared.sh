#!/bin/sh
# Runs that share no region: exit 0, the rows of both and the lists of
# what each has, and a line that says no region is in both; in JSON the
# lists are only_in_a and only_in_b.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["alpha", [0], [100]], ["beta", [200], [250]]]}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["gamma", [0], [300]]]}}
EOF2
"$SP_READ" a.h5 b.h5 | "$SP_STACK" >calls.sps || exit
"$SP_DIFF" calls.sps; echo "exit $?"
"$SP_DIFF" --format json calls.sps; echo "exit $?"
