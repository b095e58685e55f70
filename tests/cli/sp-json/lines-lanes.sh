#!/bin/sh
# --lines gives each call its lane: threads as -2 - thread, tasks as their
# index; in a file-order stream too, from the call's thread and task
# (there the calls come row by row, and have no seq).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["work", [0, 5, 7], [10, 9, 8], {"thread_ids": [0, 1, 1], "task_ids": [-1, -1, 3]}]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" --lines
echo ---
"$SP_READ" --order file in.h5 | "$SP_JSON" --lines
