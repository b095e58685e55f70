#!/bin/sh
# --align REGION: each rank's first call of REGION starts at the same
# time on every rank: S, the run's span (here 3000 - 1000 = 2000), so
# that no call goes before 0.  Rank 0's first barrier is at 1500 (shift
# +1500), rank 1's at 2500 (shift +500); rank 2 has none: not shifted,
# with a note.  "region:NAME" names a region too.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [1000], [2000]], ["barrier", [1500, 1800], [1510, 1900]]],
           "1": [["main", [1100], [3000]], ["barrier", [2500], [2550]]],
           "2": [["main", [1200], [1300]]]},
 "metadata": {"label": "r"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" --align barrier -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
"$SP_TRACE" --align region:barrier -o t.json calls.sps || exit
grep -e '"X"' -e labels -e metadata t.json
