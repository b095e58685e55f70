#!/bin/sh
# A crossing on a thread lane names the rank and the lane; calls on other
# lanes do not matter.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["ok", [0], [100]]], "1": [["a", [0, 0], [50, 50], {"thread_ids": [0, 1]}], ["b", [10, 10], [40, 60], {"thread_ids": [0, 1]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps
