#!/bin/sh
# --max-depth D keeps the tree's rows of depth D at most (roots are 0):
# the table, --call-paths in text and csv (paths of D + 1 frames at
# most); with --top the regions are ranked among those rows only: by
# total, main and solve (kernel, deeper, is not a candidate).
. "$CASEDIR/top.inc"
top_profile || exit
"$SP_STATS" --max-depth 0 --no-notes calls.sps
"$SP_STATS" --max-depth 1 --no-notes calls.sps
"$SP_STATS" --call-paths --max-depth 1 --format csv \
    --columns call_path,depth,total_duration calls.sps
"$SP_STATS" --sort total --top 2 --max-depth 1 --no-notes calls.sps
