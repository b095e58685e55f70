#!/bin/sh
# doc/exports.md, "speedscope profiles": one profile per lane, lanes ascending
# (threads from the highest index down, then calls of no known thread, which
# are plain "rank 0"); threads by their table name, else "thread K".
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [
  ["work", [0, 5, 10, 20], [100, 90, 80, 70], {"thread_ids": [0, 1, 2, -1]}],
  ["step", [30, 40], [35, 45], {"thread_ids": [0, 1]}],
  ["native", [1], [2]]]},
 "thread_table": [{"rank": 0, "index": 0, "name": "MainThread"}, {"rank": 0, "index": 1, "name": "w0"}]}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
