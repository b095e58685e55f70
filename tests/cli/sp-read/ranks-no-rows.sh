#!/bin/sh
# A selected rank that has no rows (2 < mpi_size 4) gives a run with no
# calls: no rank item, and no span in the run item.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": [{"rank": 3, "regions": [["b", [7], [9]]]},
           {"rank": 0, "regions": [["a", [0], [10]]]},
           {"rank": 1, "regions": [["a", [5], [8]], ["b", [1], [2]]]}]}
EOF
"$SP_READ" -r 2 in.h5 >in.sps && "$SP_DUMP" in.sps
