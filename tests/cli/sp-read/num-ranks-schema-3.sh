#!/bin/sh
# Schema 2/3: num_ranks = max(metadata mpi_size, highest rank + 1).
$SPGEN spec - a.h5 <<'EOF'
{"metadata": {"mpi_size": 8}, "ranks": {"1": [["x", [0], [1]]]}}
EOF
$SPGEN spec - b.h5 <<'EOF'
{"metadata": {"mpi_size": 1}, "ranks": {"5": [["x", [0], [1]]]}}
EOF
"$SP_READ" a.h5 >a.sps && "$SP_DUMP" a.sps | grep "^run "
"$SP_READ" b.h5 >b.sps && "$SP_DUMP" b.sps | grep "^run "
