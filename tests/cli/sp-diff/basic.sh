#!/bin/sh
# Two runs, before and after: a row per region with a value on either
# side (solve and main grew, io did not change), sorted by the size of the
# change, ties by name; init only before, ckpt only after, listed again
# under the table.  Exit 0: without a budget nothing fails.
$SPGEN spec - before.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [1000]], ["solve", [100, 500], [400, 900]],
                 ["io", [950], [990]]],
           "1": [["main", [0], [1200]], ["solve", [100, 600], [500, 1100]],
                 ["init", [10], [50]]]}}
EOF2
$SPGEN spec - after.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [1100]], ["solve", [100, 500], [450, 900]],
                 ["io", [950], [990]]],
           "1": [["main", [0], [1300]], ["solve", [100, 600], [550, 1200]],
                 ["ckpt", [1210], [1290]]]}}
EOF2
"$SP_READ" before.h5 after.h5 | "$SP_STACK" >calls.sps || exit
"$SP_DIFF" calls.sps
