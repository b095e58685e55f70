#!/bin/sh
# --progress shows the progress line on standard error even when it is a
# file: each file's last line, after a carriage return, ends with a
# newline and says "N of N calls, RATE calls/s, done in M:SS" (the rate
# and the time, which vary, are replaced here by RATE and T).  Lines
# before it, redrawn at most four times a second, may come while a file
# is read: only the last of each file is kept here.  A file given as "-"
# shows as <stdin>; the stream on standard output is the same as without.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 60]]],
           "1": [["outer", [0], [100]]]}}
EOF2
"$SP_READ" a.h5 >plain.sps || exit
"$SP_READ" --progress a.h5 >a.sps 2>err || exit
cmp plain.sps a.sps && echo "same stream"
"$SP_JSON" -o a.json a.sps || exit
"$SP_READ" --progress a.h5 - <a.json 2>>err >/dev/null || exit
echo "newlines: $(tr -cd '\n' <err | wc -c)"
# the last line of each file: what follows the last \r of each line
sed 's/.*\r//; s/[-0-9.]*[kMGT]* calls\/s/RATE calls\/s/; s/done in [0-9:]*$/done in T/' err
