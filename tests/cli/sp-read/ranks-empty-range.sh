#!/bin/sh
# A range that counts down (3-1) is empty, as Python's range is: a run with
# no calls.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": [{"rank": 3, "regions": [["b", [7], [9]]]},
           {"rank": 0, "regions": [["a", [0], [10]]]},
           {"rank": 1, "regions": [["a", [5], [8]], ["b", [1], [2]]]}]}
EOF
"$SP_READ" -r 3-1 in.h5 >in.sps && "$SP_DUMP" in.sps
