#!/bin/sh
# A row with zero calls counts as start 0.0 s (exports.md 7.1), so 'empty'
# sorts before 'busy' although its only calls start later.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["busy", [10], [20]], ["empty", [10], [20]]],
           "1": [["empty", [], []]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
