#!/bin/sh
# Tasks nest per task lane; a thread lane and a task lane overlap freely.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100], {"thread_ids": [0], "task_ids": [-1]}], ["step", [10, 20, 15], [50, 30, 40], {"thread_ids": [0, 0, 0], "task_ids": [0, 0, 1]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
