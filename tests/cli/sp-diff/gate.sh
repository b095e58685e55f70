#!/bin/sh
# The gate: a run made slower on purpose (solve 10% slower) fails a 5%
# budget, exit 3, with the check's layout (rows by the size of their
# percentage, the violations named); a run made faster passes it, exit 0
# (decreases never fail); a 20% budget passes the slower run; a time
# budget fails it past 1ms and passes it under 30ms; --fail-on-new fails
# on a region only after has; the output is written all the same.
mk() {
	$SPGEN spec - "$1" <<EOF2
{"ranks": {"0": [["main", [0], [$2]], ["solve", [1000000], [$3]]$4]}}
EOF2
}
mk base.h5 100000000 81000000
mk slower.h5 108000000 89000000
mk faster.h5 92000000 73000000
mk new.h5 100000000 81000000 ', ["ckpt", [90000000], [91000000]]'
for p in slower faster; do
	"$SP_READ" base.h5 $p.h5 | "$SP_STACK" >$p.sps || exit
done
"$SP_READ" base.h5 new.h5 | "$SP_STACK" >new.sps || exit
for args in "--max-regression 5% slower.sps" \
    "--max-regression 5 faster.sps" "--max-regression 20% slower.sps" \
    "--max-regression 1ms slower.sps" "--max-regression 30ms slower.sps" \
    "--max-regression 5% new.sps" \
    "--max-regression 5% --fail-on-new new.sps" \
    "--max-regression 5% --format json -o out.json slower.sps"; do
	echo "sp-diff $args"
	"$SP_DIFF" $args
	echo "exit $?"
done
cat out.json
