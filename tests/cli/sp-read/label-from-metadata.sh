#!/bin/sh
# A run is labelled by metadata 'label' when it is set, and a label seen
# before gets ' (2)' whether it came from metadata or a file stem.
$SPGEN spec - one.h5 <<'EOF'
{"metadata": {"label": "baseline"}, "ranks": {"0": [["x", [0], [1]]]}}
EOF
$SPGEN spec - baseline.h5 <<'EOF'
{"ranks": {"0": [["y", [5], [6]]]}}
EOF
"$SP_READ" one.h5 baseline.h5 >in.sps && "$SP_DUMP" in.sps
