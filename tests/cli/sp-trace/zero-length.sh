#!/bin/sh
# doc/trace.md, "Slices and their order": zero-length calls begin and end at
# once; two at the same time nest; one at its parent's end is its sibling, as
# sp-stack's depth says; touching siblings a(200,210), a(210,220) with
# z(210,210) inside the second: the slices nest by depth, not by time, and end
# in order.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["tick", [0, 50, 70, 70, 100], [0, 50, 70, 70, 100]],
  ["a", [200, 210], [210, 220]], ["z", [210], [210]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_DUMP" calls.sps | grep depth=
"$SP_TRACE" -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
"$SP_TRACE" -o t.json calls.sps || exit
grep '"X"' t.json
