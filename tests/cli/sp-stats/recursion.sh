#!/bin/sh
# A recursive region (ms): fib(0, 100) > fib(10, 90) > fib(60, 80)
# collapses to one path "fib", marked ↻ with its note, g below it marked
# too; the pooled total counts every level (200 ms), the wall time the
# outermost call only (100 ms), both in summary() and as the table's wall
# column.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["fib", [0, 10000000, 60000000],
                         [100000000, 90000000, 80000000]],
                 ["g", [20000000], [30000000]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --columns region,calls,total,wall,self calls.sps
"$SP_STATS" --format csv --columns name,total_ns,wall_ns,exclusive_ns calls.sps
