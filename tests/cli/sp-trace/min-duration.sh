#!/bin/sh
# --min-duration drops the calls shorter than it with every call inside
# them, says how many on standard error, and records it: in the process
# descriptions, and in the JSON's metadata (sp_min_dur_ns,
# sp_dropped_calls).  Times stay from the run's first call, dropped or
# not.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["tiny", [0], [1]], ["main", [10], [10010]], ["big", [20, 3000], [2020, 3900]],
  ["small", [30, 3100, 4000], [1029, 3200, 5500]], ["leaf", [40, 3150], [45, 3160]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" --min-duration 1us -o t.json calls.sps || exit
grep -e '"X"' -e metadata t.json
"$SP_TRACE" --min-duration 1000 -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
