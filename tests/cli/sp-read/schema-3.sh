#!/bin/sh
# Schema 3: start_deltas (first absolute, then gaps per row) and durations;
# the running sum restarts at each row.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 3, "ranks": {"0": [
  ["solve", [10, 20, 40], [15, 33, 55], {"source_file": "solver.py", "source_lineno": 7, "tags": ["golden"]}],
  ["io", [1000, 1010], [1005, 1020]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
