#!/bin/sh
# A JSON profile of a summary-only read (the top says event_data_available
# false) comes back as written: false at the top and in every aggregate row.
cat >in.json <<'JSON'
{"format": "scope-profiler-profile", "format_version": 1, "num_ranks": 1, "event_data_available": false, "metadata": {}, "regions": [{"name": "solve", "rank": 0, "aggregate": {"count": 3, "total": 33, "minimum": 5, "maximum": 15, "exclusive": 20}, "event_data_available": false}]}
JSON
"$SP_READ" in.json | "$SP_JSON" | sed "s/sp@$SP_VERSION/sp@VERSION/"
