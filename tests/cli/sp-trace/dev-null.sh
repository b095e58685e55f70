#!/bin/sh
# A device takes the one trace as it is: /dev/null, and nothing else.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_TRACE" -v -o /dev/null
echo "exit $?"
ls
