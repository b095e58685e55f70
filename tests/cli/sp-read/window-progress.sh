#!/bin/sh
# --progress says the window the calls are counted in, after the file's
# name: the calls kept of the calls kept.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 60]]]}}
EOF2
"$SP_READ" --progress --window 45ns: a.h5 2>err >/dev/null || exit
sed 's/.*\r//; s/[-0-9.]*[kMGT]* calls\/s/RATE calls\/s/; s/done in [0-9:]*$/done in T/' err
