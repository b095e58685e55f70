#!/bin/sh
# A region nested in itself: every call its own slice, one inside the
# other, all named by the one interned name.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["fib", [0, 10, 20, 30, 60], [100, 90, 50, 40, 80]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_TRACE" -o t.pftrace || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_TRACE" -f json | grep '"X"'
