#!/bin/sh
# call_ids/parent_ids holding nothing but -1 (an old C writer's
# placeholder, h5-format 4.8) are treated as absent.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 2, "ranks": {"0": [["main", [0], [100], {"call_ids": [-1], "parent_ids": [-1]}],
                              ["sub", [10], [20], {"call_ids": [-1], "parent_ids": [-1]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
