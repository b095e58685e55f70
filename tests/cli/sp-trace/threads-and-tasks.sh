#!/bin/sh
# Lanes: threads from the highest index down, the calls of no known
# thread, then tasks, each a thread of its rank's process named as
# sp-speedscope names the lane's profile, with tid (rank + 1) * 65536 + K
# and order K, K its place in the rank; a second rank's lanes under its
# own process.  In JSON: thread_name and thread_sort_index events.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [
  ["main", [0], [100], {"thread_ids": [0], "task_ids": [-1]}],
  ["io", [5], [50], {"thread_ids": [1], "task_ids": [-1]}],
  ["bare", [60], [70], {"thread_ids": [-1], "task_ids": [-1]}],
  ["step", [10, 20], [50, 30], {"thread_ids": [0, 0], "task_ids": [0, 1]}]],
  "1": [["solo", [5], [6], {"thread_ids": [3]}]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"},
                  {"rank": 0, "index": 1, "name": "worker"}],
 "task_table": [{"rank": 0, "index": 0, "name": "Task-1", "coro_name": "app.jobs.fetch", "thread_index": 0}]}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" t.pftrace
"$SP_TRACE" -o t.json calls.sps || exit
grep -e thread_name -e thread_sort_index t.json
