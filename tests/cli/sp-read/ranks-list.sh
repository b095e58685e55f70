#!/bin/sh
# --ranks with a comma list.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": [{"rank": 3, "regions": [["b", [7], [9]]]},
           {"rank": 0, "regions": [["a", [0], [10]]]},
           {"rank": 1, "regions": [["a", [5], [8]], ["b", [1], [2]]]}]}
EOF
"$SP_READ" --ranks 0,3 in.h5 >in.sps && "$SP_DUMP" in.sps
