#!/bin/sh
# Sections that are not shards of the run before stay separate runs: a
# shard whose ranks do not come after the run's (rank 0 after rank 1, and
# the same shard twice), shards read without --shard, whose spans differ
# (0..30 and 0..50), a shard after a section of two runs (only a section's
# single run goes on), and a shard of another file.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [20], [30]]],
           "1": [["a", [0], [50]], ["b", [10], [20]]]}}
EOF2
$SPGEN spec - other.h5 <<'EOF2'
{"ranks": {"0": [["a", [20], [30]]],
           "1": [["a", [0], [50]], ["b", [10], [20]]]}}
EOF2
"$SP_READ" --shard -r 0 in.h5 >s0.sps && "$SP_READ" --shard -r 1 in.h5 >s1.sps &&
    "$SP_READ" -r 0 in.h5 >p0.sps && "$SP_READ" -r 1 in.h5 >p1.sps &&
    "$SP_READ" --shard -r 0 in.h5 other.h5 >two.sps &&
    "$SP_READ" --shard -r 1 other.h5 >o1.sps || exit
runs() {
	"$SP_STACK" >calls.sps && "$SP_DUMP" calls.sps |
	    sed -n 's/^\(run [0-9]* label=[^ ]*\).* \(span=[^ ]*\).*/\1 \2/p
		s/^\(rank [0-9]*\).*/  \1/p; s/^\(run-end.*\)/  \1/p'
}
echo "== out of rank order"; cat s1.sps s0.sps | runs
echo "== the same shard twice"; cat s1.sps s1.sps | runs
echo "== without --shard"; cat p0.sps p1.sps | runs
echo "== after a section of two runs"; cat two.sps o1.sps | runs
echo "== another file"; cat s0.sps o1.sps | runs
