#!/bin/sh
# --top N on the tree keeps the N regions first by the sort key, each with
# its N leading rows, and the rows of their ancestors.  Without --sort the
# rows are ranked by total time, a region by its best row: main, solve,
# kernel, post and load (0.09 s) lead, io (0.07 s at best) and parse are
# left out, and the tree keeps its order.  By calls the top
# region is io, with one of its three paths (the 3-call one), its
# ancestors main > solve > kernel printed in the flat order of the sort.
# --call-paths keeps the same rows.
. "$CASEDIR/top.inc"
top_profile || exit
"$SP_STATS" --top 5 --no-notes calls.sps
"$SP_STATS" --sort calls --top 1 --columns region,calls,total --no-notes \
    calls.sps
"$SP_STATS" --call-paths --top 5 --no-notes calls.sps
"$SP_STATS" --call-paths --sort calls --top 1 --format csv \
    --columns call_path,depth,num_calls calls.sps
