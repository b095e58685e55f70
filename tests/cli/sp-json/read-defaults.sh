#!/bin/sh
# doc/formats.md, "JSON profiles": missing keys get scope-profiler's defaults:
# num_ranks 0 (sic), event_data_available true, no metadata; a row without
# columns has no calls; region ids follow the order names first appear; keys
# that sp does not know are skipped.
cat >doc.json <<'EOF2'
{"format": "scope-profiler-profile", "future_key": {"a": [1, {"b": null}]},
 "regions": [{"name": "b", "rank": 1, "start_times_ns": [5], "end_times_ns": [6], "note": [1]},
             {"name": "a", "rank": 0},
             {"name": "b", "rank": 0, "start_times_ns": [1, 3], "end_times_ns": [2, 4]}]}
EOF2
"$SP_READ" doc.json >out.sps && "$SP_DUMP" out.sps
