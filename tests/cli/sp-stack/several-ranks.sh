#!/bin/sh
# Each rank is stacked on its own: b is a's child on rank 0 and a touching
# sibling on rank 1, and rank 1's calls cross rank 0's without error.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [50]], ["b", [10], [20]]], "1": [["a", [5], [30]], ["b", [30], [60]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
