#!/bin/sh
# A device (/dev/null) is written as it is, like standard output.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o /dev/null || exit
ls -A
