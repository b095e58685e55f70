#!/bin/sh
# Stored exclusive_totals are carried per row (-1 = not computed, omitted).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100], {"exclusive": 60}], ["sub", [10], [50]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
