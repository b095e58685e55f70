#!/bin/sh
# --include 'solve$' is a whole-name match.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]], ["solve", [10], [20]], ["solver_x", [30], [40]],
                 ["presolve", [50], [60]], ["io", [70], [80]]]}}
EOF
"$SP_READ" -i 'solve$' in.h5 >in.sps && "$SP_DUMP" in.sps
