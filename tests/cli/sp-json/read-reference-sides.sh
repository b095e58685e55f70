#!/bin/sh
# A JSON profile written by scope-profiler (no sp_side_payloads) still
# brings its LIKWID counters and line profiles: sp-read makes the side
# items as they would come from the HDF5 file (null metrics as NaN), and
# sp-json writes them back the same.
cat >doc.json <<'EOF2'
{"format": "scope-profiler-profile", "format_version": 1, "num_ranks": 1,
 "regions": [{"name": "solve", "rank": 0, "start_times_ns": [0], "end_times_ns": [10]}],
 "likwid": {"0": {"a/b": {"tag": "a/b", "group_id": 1, "group_name": "FLOPS", "cpus": [0, 1],
   "times": [0.5, 0.25], "call_counts": [2, 2], "event_names": ["E"], "counter_names": ["PMC0"],
   "events": [[1.0, 2.0]], "metric_names": ["M"], "metrics": [[null, 3.5]], "source": "marker_api"}}},
 "line_profile": {"0": [{"region": "solve", "filename": "s.py", "function": "f", "first_lineno": 1,
   "line_numbers": [2], "hits": [3], "times": [4.0], "unit": 1e-06}]}}
EOF2
"$SP_READ" doc.json >out.sps || exit
$SP_ITEMS --kind side out.sps
"$SP_JSON" out.sps >back.json || exit
"$PYTHON" -c 'import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
print("likwid and line_profile:", "same" if all(a[k] == b[k] for k in ("likwid", "line_profile")) else "DIFFER")' doc.json back.json
