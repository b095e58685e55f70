#!/bin/sh
# Lanes -4 -3 -2 -1 0 1: task id when >= 0, else -2 - thread id when >= 0,
# else -1; lanes come out in ascending order.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [
  ["main", [0, 5, 10, 20], [100, 90, 80, 70], {"thread_ids": [0, 1, 2, -1], "task_ids": [-1, -1, -1, -1]}],
  ["step", [30, 40, 30, 50], [35, 45, 60, 55], {"thread_ids": [0, 0, 1, 1], "task_ids": [1, 0, 0, -1]}]]},
 "task_table": [{"rank": 0, "name": "Task-1"}, {"rank": 0, "name": "Task-2", "kind": "greenlet"}]}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
