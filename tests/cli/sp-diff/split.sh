#!/bin/sh
# More runs than two need a split: --before N takes the first N runs as
# before, --before-label the runs whose label matches (a shell pattern).
$SPGEN spec - main.h5 <<'EOF2'
{"ranks": {"0": [["solve", [0], [100]]]}}
EOF2
$SPGEN spec - branch.h5 <<'EOF2'
{"ranks": {"0": [["solve", [0], [150]]]}}
EOF2
"$SP_READ" main.h5 branch.h5 | "$SP_STACK" >two.sps || exit
"$SP_READ" branch.h5 main.h5 | "$SP_STACK" >swapped.sps || exit
"$SP_DIFF" --before 1 --format csv two.sps; echo "exit $?"
"$SP_DIFF" --before-label 'ma*' --format csv swapped.sps; echo "exit $?"
