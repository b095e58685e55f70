#!/bin/sh
# One run a side: the ranks' totals of a region are the samples of the U
# test (said under the table) when both sides have 5 ranks or more with
# calls of it: solve is slower on every one of 6 ranks (p = 2/924), io
# only noisy (~); the gate fails solve alone.  A region on fewer ranks
# (setup, on 2) is not tested: "-", and the gate judges it by the budget.
# avg is tested on the calls' durations: one call a rank here, so the
# same 6 + 6 samples.
mk() {
	$SPGEN spec - "$1.h5" <<EOF2
{"ranks": {"0": [["solve", [0], [$(($2 + 0))]], ["io", [5000], [5100]],
                 ["setup", [6000], [$3]]],
           "1": [["solve", [0], [$(($2 + 3))]], ["io", [5000], [5090]],
                 ["setup", [6000], [$3]]],
           "2": [["solve", [0], [$(($2 + 5))]], ["io", [5000], [5110]]],
           "3": [["solve", [0], [$(($2 + 1))]], ["io", [5000], [5105]]],
           "4": [["solve", [0], [$(($2 + 8))]], ["io", [5000], [5095]]],
           "5": [["solve", [0], [$(($2 + 2))]], ["io", [5000], [5101]]]}}
EOF2
}
mk before 1000 6100
mk after 1200 6200
"$SP_READ" before.h5 after.h5 | "$SP_STACK" >calls.sps || exit
"$SP_DIFF" calls.sps; echo "exit $?"
"$SP_DIFF" --max-regression 5% calls.sps; echo "exit $?"
"$SP_DIFF" --metric avg calls.sps; echo "exit $?"
