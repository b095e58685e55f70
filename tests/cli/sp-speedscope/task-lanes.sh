#!/bin/sh
# doc/calls.md, "Lanes": a task lane is "<name> (<coro tail>) on <thread>", or
# "task K" when the task table lacks it; a single tracked lane still gets
# its "rank N - " name.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [
  ["main", [0], [100], {"thread_ids": [0], "task_ids": [-1]}],
  ["step", [10, 20, 15, 60], [50, 30, 40, 70], {"thread_ids": [0, 0, 0, 0], "task_ids": [0, 0, 1, 2]}]],
  "1": [["solo", [5], [6], {"thread_ids": [3]}]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"}],
 "task_table": [{"rank": 0, "index": 0, "name": "Task-1", "coro_name": "app.jobs.fetch", "thread_index": 0},
                {"rank": 0, "index": 1, "name": "Task-2", "coro_name": "main", "thread_index": 5}]}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
