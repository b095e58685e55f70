#!/bin/sh
# Small input batches: open calls carry over from batch to batch, and self
# times are listed in the batch that closes the call.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [100]], ["b", [10], [90]], ["c", [20, 40], [30, 80]], ["d", [45], [50]]]}}
EOF
"$SP_READ" --batch 2 in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
