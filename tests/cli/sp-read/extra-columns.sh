#!/bin/sh
# Optional per-call columns ride along: gpu_durations (kept for a row only
# if some value >= 0), call_ids, parent_ids, await_ns.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [
  ["main", [0], [100], {"gpu_durations": [-1], "call_ids": [7], "parent_ids": [-1]}],
  ["kernel", [10, 50], [40, 90], {"gpu_durations": [25, -1], "call_ids": [8, 9], "parent_ids": [7, 7], "await_ns": [3, 0]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
