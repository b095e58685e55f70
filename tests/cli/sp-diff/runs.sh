#!/bin/sh
# Several runs a side (--before 6, --before-label): each side's median of
# its runs' values with its 95% confidence interval, the two-sided
# Mann-Whitney U test of the runs' values (exact here: p = 2/924 for six
# runs a side all apart), "~" for no significant change (io); the gate
# fails only the significant regression (solve), exit 3; --alpha 0.001
# calls nothing significant, so nothing fails, exit 0.
i=1
while [ $i -le 6 ]; do
	$SPGEN spec - m$i.h5 <<EOF2
{"metadata": {"label": "main"},
 "ranks": {"0": [["solve", [0], [$((1000 + i * 7))]],
                 ["io", [2000], [$((2050 + i))]]]}}
EOF2
	$SPGEN spec - b$i.h5 <<EOF2
{"metadata": {"label": "branch"},
 "ranks": {"0": [["solve", [0], [$((1100 + i * 5))]],
                 ["io", [2000], [$((2049 + i))]]]}}
EOF2
	i=$((i + 1))
done
"$SP_READ" m1.h5 m2.h5 m3.h5 m4.h5 m5.h5 m6.h5 b1.h5 b2.h5 b3.h5 b4.h5 \
    b5.h5 b6.h5 | "$SP_STACK" >calls.sps || exit
"$SP_DIFF" --before 6 calls.sps; echo "exit $?"
"$SP_DIFF" --before-label 'main*' --max-regression 1% --format ndjson \
    calls.sps; echo "exit $?"
"$SP_DIFF" --before 6 --alpha 0.001 --max-regression 1% calls.sps
echo "exit $?"
