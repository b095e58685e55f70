#!/bin/sh
# The reference's "No calls recorded": a stream whose only run has no
# calls is an error naming the run, and writes nothing.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json
echo "exit $?"
ls -A
