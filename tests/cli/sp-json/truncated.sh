#!/bin/sh
# A cut-off stream is an error (exit 1) and leaves no document: -o's file
# is not created, and a previous one stays as it was.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]], ["y", [2], [5]]]}}
EOF2
"$SP_READ" in.h5 >in.sps || exit
head -c 300 in.sps >cut.sps
echo old >kept.json
"$SP_JSON" cut.sps -o new.json; echo "exit $?"
"$SP_JSON" cut.sps -o kept.json; echo "exit $?"
ls
cat kept.json
