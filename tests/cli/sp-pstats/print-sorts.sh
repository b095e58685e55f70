#!/bin/sh
# --print gives pstats.Stats(...).sort_stats(KEY).print_stats() of the
# (run, rank)'s dict, after a heading naming the run and the rank: for
# every --sort key it equals what Python's pstats prints for the .prof
# file (built in memory, so without pstats' file title), ties in dict
# order, nc/cc for recursion.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [1000000000]], ["solve", [100000000, 500000000], [400000000, 900000000]],
                 ["rec", [120000000, 130000000, 600000000], [300000000, 200000000, 700000000]],
                 ["io", [950000000], [980000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" --no-call-paths -o p.prof calls.sps || exit
for key in cumulative tottime calls ncalls name; do
	"$SP_PSTATS" --print --no-call-paths --sort $key calls.sps >ours.txt || exit
	echo "=== --sort $key"
	cat ours.txt
	sed '1,2d' ours.txt >body.txt
	$PYTHON "$SRCDIR/tests/check-prof.py" --report $key p_rank0.prof >pstats.txt &&
	    cmp -s body.txt pstats.txt && echo "=== same as pstats"
done
