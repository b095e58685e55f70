#!/bin/sh
# doc/exports.md, "Side data": thread and task tables, keyed by rank as text,
# each row with its keys in order; ns as the profile stores them (-1 unknown).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["work", [0, 5], [10, 9], {"thread_ids": [0, 1], "task_ids": [-1, 0], "await_ns": [0, 2]}]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread", "ident": 140, "native_id": 7, "daemon": false, "start_ns": 0, "end_ns": -1, "cpu_ns": 99},
                  {"rank": 0, "index": 1, "name": "w0", "ident": 141, "native_id": 8, "daemon": true, "start_ns": 3, "end_ns": 20, "cpu_ns": 4}],
 "task_table": [{"rank": 0, "index": 0, "kind": "task", "name": "Task-1", "coro_name": "main.<locals>.go", "thread_index": 1,
                 "created_ns": 4, "done_ns": -1, "steps": 2, "running_ns": 3, "suspended_ns": 2}]}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" --indent 2 | sed "s/sp@$SP_VERSION/sp@VERSION/"
