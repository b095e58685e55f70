#!/bin/sh
# --top N prints the first N entries, as print_stats(N): "List reduced
# from M to N"; --top 0 prints the totals only; a N beyond the entries
# prints them all.  The default sort is cumulative.  Each equals pstats.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [1000000000]], ["setup", [0], [200000000]],
                 ["solve", [200000000], [900000000]], ["assemble", [500000000], [800000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_PSTATS" -o p.prof calls.sps || exit
for n in 2 0 9; do
	"$SP_PSTATS" --print --top $n calls.sps >ours.txt || exit
	echo "=== --top $n"
	cat ours.txt
	sed '1,2d' ours.txt >body.txt
	$PYTHON "$SRCDIR/tests/check-prof.py" --report cumulative --top $n p_rank0.prof >pstats.txt &&
	    cmp -s body.txt pstats.txt && echo "=== same as pstats"
done
