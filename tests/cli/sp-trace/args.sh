#!/bin/sh
# A slice's arguments, where the profile has them: its region's source
# file and line, the call's call_id, gpu_ns (>= 0 only), await_ns (in a
# task only), and its metadata entry (json: the object; protobuf: its
# JSON text; "{}" none).  --no-args leaves them all out.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [
  {"name": "main", "starts": [0], "ends": [100], "source_file": "app.py", "source_lineno": 7,
   "call_ids": [0], "gpu_durations": [-1], "thread_ids": [0], "task_ids": [-1], "await_ns": [0],
   "event_metadata": [{"step": 1, "ok": true, "x": NaN}]},
  {"name": "job", "starts": [10, 60], "ends": [50, 90], "call_ids": [1, 2],
   "gpu_durations": [33, -1], "thread_ids": [0, 0], "task_ids": [0, 0], "await_ns": [5, 0],
   "event_metadata": [{}, {"k": [1, "\u00e9"]}]}]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"}],
 "task_table": [{"rank": 0, "index": 0, "name": "T", "coro_name": "m.go", "thread_index": 0}]}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" -o t.json calls.sps || exit
grep '"X"' t.json
"$SP_TRACE" -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
"$SP_TRACE" --no-args -o n.json calls.sps || exit
echo "$(grep -c '"X"' n.json) slices, $(grep '"X"' n.json | grep -c '"args"') with arguments"
