#!/bin/sh
# --ranks, --include/--exclude, --order file and --shard work on a native
# run as on an HDF5 profile: the region table and region order stay the
# whole run's; shards of the rank files, joined by sp-stack, give the run
# read whole.
$SPGEN spt-synth --ranks 4 --calls 12 --regions 3 --seed 5 run || exit
"$SP_READ" -r 1,3 -i 'r' -x 'r1$' run_rank*.spt >sel.sps && "$SP_DUMP" sel.sps
"$SP_READ" --order file -r 2 run_rank*.spt >file.sps && "$SP_DUMP" file.sps | head -8
"$SP_READ" run_rank*.spt | "$SP_STACK" >whole.sps || exit
"$SP_READ" --shard -r 0-1 run_rank*.spt >a.sps || exit
"$SP_READ" --shard -r 2-3 run_rank*.spt >b.sps || exit
cat a.sps b.sps | "$SP_STACK" >joined.sps && cmp whole.sps joined.sps &&
    echo "shards joined: the run read whole"
