#!/bin/sh
# LIKWID, line-profile and perf-event groups travel as side items of their
# rank, after the rank item and before its batches.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["solve", [0], [10]]], "1": [["solve", [2], [9]]]},
 "likwid": {"0": {"env": {"LIKWID_MODE": "1"}, "regions": [
   {"tag": "solve", "group_name": "CLOCK", "event_names": ["CYC"], "counter_names": ["FIXC1"],
    "metric_names": ["CPI"], "cpus": [0], "times": [0.5], "call_counts": [1],
    "events": [[1000.0]], "metrics": [[NaN]]}]}},
 "line_profile": {"1": [{"region": "solve", "filename": "s.py", "function": "f", "first_lineno": 1,
   "unit": 1e-9, "line_numbers": [2], "hits": [1], "times": [5.0]}]},
 "perf_events": {"1": {"solve": {"calls": 1, "values": {"cycles": 123}}}}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
$SP_ITEMS --kind side in.sps
