#!/bin/sh
# --shard: the run item's span (first_ns, last_ns) is that of the calls of
# every rank that the region filters keep, whatever ranks are read; without
# it, that of the ranks read.  Rank 0 spans 100..200, rank 1 0..500 (its
# region "late" 450..500); with -x late the whole run spans 0..400.  Rows
# with summary statistics give their span from them (the second file,
# whose rank-1 summary says 0..500 as its calls do).  A rank the file
# does not have reads nothing: no span, unless it is a shard.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [100], [200]]],
           "1": [["a", [0], [400]], ["late", [450], [500]]]}}
EOF2
$SPGEN spec - sum.h5 <<'EOF2'
{"summary_statistics": true,
 "ranks": {"0": [["a", [100], [200]]],
           "1": [["a", [0], [400]], ["late", [450], [500]]]}}
EOF2
span() {
	"$SP_READ" "$@" >s.sps || exit
	s=$("$SP_DUMP" s.sps | sed -n 's/^run .*\(span=[^ ]*\).*/\1/p')
	echo "${s:-no span}"
}
for f in in.h5 sum.h5; do
	echo "== $f"
	echo "-r 0: $(span -r 0 $f)"
	echo "-r 0 --shard: $(span -r 0 --shard $f)"
	echo "-r 0 --shard -x late: $(span -r 0 --shard -x late $f)"
	echo "-r 0 --shard -i late: $(span -r 0 --shard -i late $f)"
	echo "-r 1 --shard: $(span -r 1 --shard $f)"
	echo "--shard: $(span --shard $f)"
	echo "-r 7 --shard: $(span -r 7 --shard $f)"
	echo "-r 7: $(span -r 7 $f)"
done
