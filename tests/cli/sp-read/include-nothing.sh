#!/bin/sh
# An --include that matches nothing gives a run with no calls.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]], ["solve", [10], [20]], ["solver_x", [30], [40]],
                 ["presolve", [50], [60]], ["io", [70], [80]]]}}
EOF
"$SP_READ" -i nomatch in.h5 >in.sps && "$SP_DUMP" in.sps
