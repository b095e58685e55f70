#!/bin/sh
# Rows written for ranks 3, 0, 1 in that order come out rank by rank in
# ascending order; ranks= is mpi_size (4) from the metadata.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": [{"rank": 3, "regions": [["b", [7], [9]]]},
           {"rank": 0, "regions": [["a", [0], [10]]]},
           {"rank": 1, "regions": [["a", [5], [8]], ["b", [1], [2]]]}]}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
