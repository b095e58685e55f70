#!/bin/sh
# Thread ids give lanes -2 - thread (thread 0 -> -2, 2 -> -4), written in
# ascending lane order, with the thread table in the rank item.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [
  ["main", [0, 5, 10], [100, 90, 80], {"thread_ids": [0, 1, 2]}],
  ["work", [20, 20, 30], [30, 40, 35], {"thread_ids": [0, 1, 1]}]]},
 "thread_table": [{"rank": 0, "name": "MainThread"}, {"rank": 0, "name": "w0"}, {"rank": 0, "name": "w1"}]}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
