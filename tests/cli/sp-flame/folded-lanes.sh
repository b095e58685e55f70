#!/bin/sh
# --folded merges the lanes of a rank, as the graph does; --lanes puts
# each lane's stacks under a frame named like sp-speedscope's profiles
# ("rank 0 - MainThread"); ";" in a name becomes ":".
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["work;x", [0, 10], [100, 110], {"thread_ids": [0, 1]}],
  ["inner", [20, 30], [40, 50], {"thread_ids": [0, 1]}]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"},
  {"rank": 0, "index": 1, "name": "w0"}]}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_FLAME" --folded calls.sps
echo ---
"$SP_FLAME" --folded --lanes calls.sps
