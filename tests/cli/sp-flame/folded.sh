#!/bin/sh
# --folded: one line per call path with its self time in integer ns,
# depth first; recursion is a deeper path (fib;fib), and a path without
# self time (main, io and the outer fib, covered by their callees)
# writes no line.
# The lines add up to the run: 100 ms.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]],
  ["io", [90000000], [100000000]], ["fib", [90000000, 90000000], [100000000, 100000000]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --folded
