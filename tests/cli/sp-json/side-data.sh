#!/bin/sh
# doc/exports.md, "Side data": LIKWID per rank and tag (tags sorted, keyed by
# the tag, not the group's name), line-profile records in their numeric order
# with the newest writer's source lines (an extension), and the perf_events
# extension; sp_side_payloads keeps the groups exactly.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["solve", [0], [10]]], "1": [["solve", [2], [9]]]},
 "likwid": {"0": {"env": {"LIKWID_MODE": "1"}, "regions": [
   {"tag": "solve/inner", "group_id": 3, "group_name": "CLOCK", "event_names": ["CYC"], "counter_names": ["FIXC1"],
    "metric_names": ["CPI"], "cpus": [0], "times": [0.5], "call_counts": [1],
    "events": [[1000.0]], "metrics": [[2.0]], "source": "marker_api"},
   {"tag": "a", "cpus": [0], "times": [0.0], "call_counts": [0], "counter_names": null}]}},
 "line_profile": {"1": [{"region": "solve", "filename": "s.py", "function": "f", "first_lineno": 1,
   "unit": 1e-9, "line_numbers": [2, 3], "hits": [1, 2], "times": [5.0, 7.5],
   "source": "def f():\n    g()", "source_first_lineno": 1},
   {"region": "solve", "filename": "s.py", "function": "g", "first_lineno": 9,
   "unit": 1e-6, "line_numbers": [10], "hits": [4], "times": [1.0]}]},
 "perf_events": {"1": {"solve": {"calls": 1, "values": {"cycles": 123, "instructions": 456}}}}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" >doc.json || exit
"$PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1]))
for k in "likwid", "line_profile", "perf_events":
    print(k, json.dumps(d[k]))
print("sp_side_payloads", [(p["rank"], p["kind"]) for p in d["sp_side_payloads"]])' doc.json
