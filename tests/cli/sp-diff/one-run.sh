#!/bin/sh
# Bad input: a stream of one run says it needs two (exit 2, one line,
# the fix named); an interval stream names sp-stack; a split that leaves
# a side empty is a usage error (--before 2 of two runs, a label that
# matches every run or none); three runs without a split say how to
# give one.  Nothing is written to -o.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100]]]}}
EOF2
"$SP_READ" a.h5 >one.spi || exit
"$SP_STACK" one.spi >one.sps || exit
"$SP_READ" a.h5 a.h5 | "$SP_STACK" >two.sps || exit
"$SP_READ" a.h5 a.h5 a.h5 | "$SP_STACK" >three.sps || exit
for args in "one.sps" "one.spi" "--before 2 two.sps" \
    "--before-label 'a*' two.sps" "--before-label 'x*' two.sps" \
    "-o out.txt three.sps"; do
	echo "sp-diff $args"
	eval "\"\$SP_DIFF\" $args"
	echo "exit $?"
done
ls
