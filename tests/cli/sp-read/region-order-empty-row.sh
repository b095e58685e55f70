#!/bin/sh
# A row with zero calls counts as start 0.0 s (doc/calls.md, "Region order"),
# so 'empty' sorts before 'busy' although its only calls start later.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["busy", [10], [20]], ["empty", [10], [20]]],
           "1": [["empty", [], []]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
