#!/bin/sh
# A device (/dev/null) takes the one .prof as it is, like standard output:
# no _rank0 name is made up beside it.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o /dev/null || exit
ls -A
