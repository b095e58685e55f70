#!/bin/sh
# Without --progress, no progress line when standard error is not a
# terminal (a file, a pipe): a log gets no carriage returns.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 >/dev/null 2>err || exit
echo "to a file: $(wc -c <err) bytes"
"$SP_READ" in.h5 2>&1 >/dev/null | wc -c | sed 's/^ */to a pipe: /; s/$/ bytes/'
