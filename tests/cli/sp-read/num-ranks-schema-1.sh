#!/bin/sh
# Schema 1: num_ranks = the number of rank<N> groups; mpi_size is ignored.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 1, "metadata": {"mpi_size": 8}, "ranks": {"0": [["x", [0], [1]]], "5": [["x", [2], [3]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps | grep "^run "
