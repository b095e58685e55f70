#!/bin/sh
# doc/exports.md, "speedscope events": a region nested in itself reuses one
# frame: fib(0,100),(10,90),(60,80) gives frames [fib] and three nested calls.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["fib", [0, 10, 60], [100, 90, 80]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" >doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
