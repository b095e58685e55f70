#!/bin/sh
# Schema 1 with scope_profiler_schema = 1; regions are read in group-name
# order, gpu_durations/call_ids/parent_ids kept, source text may be empty.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 1, "ranks": {"0": [
  ["zeta", [5], [60], {"source_file": "a.py", "source_lineno": 1, "source_text": ""}],
  ["alpha", [10, 20], [15, 33], {"gpu_durations": [3, -1], "call_ids": [1, 2], "parent_ids": [0, 0]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
