#!/bin/sh
# Regions named "" (legal in a profile): an empty name at the top, below
# a region and with a child of its own.  Each path's text still has its
# " > " between every two elements, an empty one too, in the table and
# in every format of --call-paths.
cat >in.json <<'EOF2'
{"format": "scope-profiler-profile", "format_version": 1, "time_unit": "nanoseconds",
 "num_ranks": 1, "metadata": {},
 "regions": [{"name": "a", "rank": 0, "start_times_ns": [0, 200000000], "end_times_ns": [100000000, 300000000]},
             {"name": "", "rank": 0, "start_times_ns": [10000000, 150000000], "end_times_ns": [20000000, 190000000]},
             {"name": "b", "rank": 0, "start_times_ns": [160000000], "end_times_ns": [170000000]}]}
EOF2
"$SP_READ" in.json >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --no-notes --columns region,calls,total calls.sps || exit
"$SP_STATS" --call-paths --no-notes --columns region,calls,total calls.sps || exit
for f in csv tsv; do
	"$SP_STATS" --call-paths --format $f --columns call_path,num_calls calls.sps || exit
done
"$SP_STATS" --call-paths --format ndjson calls.sps || exit
"$SP_STATS" --call-paths --format json calls.sps | $PYTHON -c 'import json, sys
print([r["call_path"] for r in json.load(sys.stdin)])'
