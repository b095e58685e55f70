#!/bin/sh
# --print on a stream: one report per (run, rank) in stream order, each
# after a heading with the run's unique label (quoted as Python's repr)
# and the rank; a concatenation of streams is a stream.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]], "1": [["b", [0], [20]]]}}
EOF
"$SP_READ" a.h5 >a.sps || exit
cat a.sps a.sps | "$SP_STACK" | "$SP_PSTATS" --print --top 0
