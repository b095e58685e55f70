#!/bin/sh
# Schema 2: columnar, absolute start_times/end_times, source and tags per row.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 2, "ranks": {"0": [
  ["solve", [10, 20, 40], [15, 33, 55],
   {"source_file": "solver.py", "source_lineno": 7, "source_text": "with region('solve'):", "tags": ["golden", "hot"]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
