#!/bin/sh
# doc/stats.md, "Names that contain the path separator": a region called
# "a > b" is split as if it were a path: a root-less "└─ b" row with its
# child "│ └─ c", and a fallback row "a > b" counting the same time
# again; its summary() record is whole.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a > b", [0], [100]], ["c", [10], [20]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --no-notes calls.sps
"$SP_STATS" --format csv --columns name,num_calls,total_duration calls.sps
