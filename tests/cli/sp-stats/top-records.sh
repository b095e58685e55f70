#!/bin/sh
# --top N of the records keeps N regions with all their records: without
# --sort the N with the most time, in their usual order: by region main
# and solve, by rank the two ranks of each; with --sort total likewise.
# The text --by rank shows the spread of those regions only.
. "$CASEDIR/top.inc"
top_profile || exit
"$SP_STATS" --format csv --top 2 --columns name,num_calls calls.sps
"$SP_STATS" --format ndjson --top 1 calls.sps | cut -c1-40
"$SP_STATS" --by rank --format csv --top 2 --columns name,rank,num_calls \
    calls.sps
"$SP_STATS" --by lane --format tsv --top 1 --sort total \
    --columns name,rank,lane_name,total_duration calls.sps
"$SP_STATS" --by rank --top 1 --sort total --no-notes \
    --columns name,rank,total_duration calls.sps
