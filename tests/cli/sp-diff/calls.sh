#!/bin/sh
# One run a side, per-call metrics: the calls' durations of a key are the
# samples of the U test (said under the table), when both sides have 5
# calls or more of it.  solve is 20% slower on each of its 20 calls
# (significant); io has one slow call after (avg +15%, not significant:
# ~, and the gate passes it); init has 3 calls a side (too few: "-", the
# gate judges it by the budget).  The same with --call-paths (main >
# solve ...), for p50, in JSON (n_a, n_b, p), and with --approx, which
# keeps no durations: no test.
list() {	# list FIRST COUNT DUR INC LAST: "[starts], [ends]", 1000 apart
	awk -v f="$1" -v n="$2" -v d="$3" -v c="$4" -v l="$5" 'BEGIN {
		a = "["; b = "[";
		for (i = 0; i < n; i++) {
			x = f + i * 1000; y = x + (i == n - 1 ? l : d + i * c);
			a = a (i ? ", " : "") x; b = b (i ? ", " : "") y;
		}
		printf "%s], %s]", a, b }'
}
mk() {	# mk FILE SOLVE_DUR IO_LAST INIT_DUR
	$SPGEN spec - "$1" <<EOF2
{"ranks": {"0": [["main", [0], [100000]],
                 ["solve", $(list 1000 20 "$2" 1 $(($2 + 19)))],
                 ["io", $(list 30000 20 100 0 "$3")],
                 ["init", $(list 60000 3 "$4" 0 "$4")]]}}
EOF2
}
mk before.h5 100 100 100
mk after.h5 120 400 150
"$SP_READ" before.h5 after.h5 | "$SP_STACK" >calls.sps || exit
"$SP_DIFF" --metric avg calls.sps; echo "exit $?"
"$SP_DIFF" --metric avg --max-regression 5% calls.sps; echo "exit $?"
"$SP_DIFF" --metric p50 --call-paths calls.sps; echo "exit $?"
"$SP_DIFF" --metric max --format json calls.sps; echo "exit $?"
"$SP_DIFF" --metric avg --approx calls.sps; echo "exit $?"
