#!/bin/sh
# Lossless for id columns holding nothing but -1 (an old C writer's
# placeholders, h5-format 4.8): no row names them, but the batches carry
# them, and sp_event_columns says so.  A GPU column with no time of 0 or
# more, which no row keeps, goes the same way.
$SPGEN spec - in.h5 <<'EOF2'
{"schema": 2, "ranks": {"0": [["main", [0], [100], {"call_ids": [-1], "parent_ids": [-1], "gpu_durations": [-1]}],
                              ["sub", [10], [20], {"call_ids": [-1], "parent_ids": [-1], "gpu_durations": [-1]}]]}}
EOF2
. "$CASEDIR/lossless.inc"
lossless
