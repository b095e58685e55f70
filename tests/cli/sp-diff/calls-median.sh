#!/bin/sh
# --metric calls with several runs a side: a side's value is the median
# of its runs' counts, which may be a half (1 and 2 calls: 1.5), and is
# written as it is, not rounded to a count: in text, JSON and CSV.
mk() {	# mk FILE N: N calls of io
	starts=$(seq -s, 0 100 $((($2 - 1) * 100)))
	ends=$(seq -s, 50 100 $((($2 - 1) * 100 + 50)))
	$SPGEN spec - "$1" <<EOF2
{"ranks": {"0": [["main", [0], [100000]], ["io", [$starts], [$ends]]]}}
EOF2
}
mk a1.h5 1
mk a2.h5 2
mk b1.h5 2
mk b2.h5 2
"$SP_READ" a1.h5 a2.h5 b1.h5 b2.h5 | "$SP_STACK" >calls.sps || exit
for f in text json csv; do
	"$SP_DIFF" --before 2 --metric calls --format $f calls.sps
	echo "exit $?"
done
