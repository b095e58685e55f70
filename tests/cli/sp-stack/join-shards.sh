#!/bin/sh
# Shards of one run (sp-read --shard), concatenated in rank order, are
# joined into that run: one header, one run and regions item, the ranks of
# all the shards in turn, a run-end that counts the calls and batches of
# all (3 calls; 2 batches per rank with calls: its batch and its lane-end
# batch), one stream-end.  A shard of a rank the profile does not have
# (rank 5) joins as nothing.  The result is the stream of the run read
# whole, byte for byte.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [20], [30]]],
           "1": [["a", [0], [50]], ["b", [10], [20]]]}}
EOF2
"$SP_READ" --shard -r 0 in.h5 >s0.sps && "$SP_READ" --shard -r 1 in.h5 >s1.sps &&
    "$SP_READ" --shard -r 5 in.h5 >s5.sps || exit
cat s0.sps s1.sps s5.sps | "$SP_STACK" >joined.sps || exit
"$SP_DUMP" joined.sps
"$SP_READ" in.h5 | "$SP_STACK" | cmp - joined.sps && echo "as read whole"
