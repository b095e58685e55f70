#!/bin/sh
# An HDF5 profile given to sp-stack by mistake: say to use sp-read.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_STACK" in.h5 >calls.sps
