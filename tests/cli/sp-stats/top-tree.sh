#!/bin/sh
# --top N on the tree keeps the N regions first by the sort key, each with
# its N leading rows, and the rows of their ancestors.  By start (the
# default) the first five regions are main .. kernel: kernel's second
# path brings post in as its ancestor, io is left out.  By calls the top
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
