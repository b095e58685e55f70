#!/bin/sh
# Repeated --ranks add up: -r 3 -r 0-1 is ranks 0, 1, 3.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": [{"rank": 3, "regions": [["b", [7], [9]]]},
           {"rank": 0, "regions": [["a", [0], [10]]]},
           {"rank": 1, "regions": [["a", [5], [8]], ["b", [1], [2]]]}]}
EOF
"$SP_READ" -r 3 -r 0-1 in.h5 >in.sps && "$SP_DUMP" in.sps
