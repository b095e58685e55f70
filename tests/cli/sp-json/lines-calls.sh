#!/bin/sh
# --lines on a call stream (from sp-stack) adds depth, parent (the
# parent's seq, -1 for a root) and self_ns; a call's self time is known
# when it closes, so each line is written then: children before parents.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]], ["leaf", [15], [20]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_JSON" --lines
