#!/bin/sh
# A row with zero calls still gives its region a row (calls=0).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]], ["never", [], []]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
