#!/bin/sh
# The reference's "No calls recorded": a stream whose only run has no
# calls is an error naming the run, and writes nothing.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [], []]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" -o flame.svg
echo "exit $?"
ls -A
