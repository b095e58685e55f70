#!/bin/sh
# A run whose calls --min-duration all drops gets no document: alone in
# the stream, that is an error, and no file is left.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0, 20], [10, 25]], ["b", [2], [3]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" --min-duration 1ms -o doc.json
echo "exit $?"
ls -A
