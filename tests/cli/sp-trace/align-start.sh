#!/bin/sh
# --align start: each rank's first call starts at 0.  Rank 0 starts at
# 1000 (the run's first call): shift 0; rank 1 at 1500: shift -500; the
# shifts in each process's labels and description, and in the JSON's
# metadata.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [1000], [2000]], ["work", [1200], [1300]]],
           "1": [["main", [1500], [2600]], ["work", [1600], [1650]]]},
 "metadata": {"label": "r"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" --align start -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
"$SP_TRACE" --align start -o t.json calls.sps || exit
grep -e '"X"' -e labels -e metadata t.json
