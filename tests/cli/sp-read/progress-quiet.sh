#!/bin/sh
# Of --progress and -q (--quiet), the last one given wins: "--progress
# -q" shows nothing, "-q --progress" the progress line.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" --progress -q in.h5 >/dev/null 2>err1 || exit
echo "--progress -q: $(wc -c <err1) bytes"
"$SP_READ" --progress --quiet in.h5 >/dev/null 2>err2 || exit
echo "--progress --quiet: $(wc -c <err2) bytes"
"$SP_READ" -q --progress in.h5 >/dev/null 2>err3 || exit
echo "-q --progress: $(sed 's/.*\r//; s/[-0-9.]*[kMGT]* calls\/s/RATE calls\/s/; s/done in [0-9:]*$/done in T/' err3)"
