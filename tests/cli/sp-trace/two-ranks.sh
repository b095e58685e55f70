#!/bin/sh
# Two ranks: a process each ("<label> rank N", pid N + 1, in rank order),
# a thread each ("rank N", tid (N + 1) * 65536 + 1), a slice per call,
# nested as sp-stack nested them; times in ns since the run's first call
# (rank 1's at 5 ns starts at 5).  Read back by our decoder.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]],
           "1": [["outer", [5], [60]], ["inner", [20], [30]]]},
 "metadata": {"label": "two ranks"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" -o t.pftrace calls.sps || exit
ls
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
