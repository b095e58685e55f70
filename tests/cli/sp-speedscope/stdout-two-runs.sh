#!/bin/sh
# Standard output takes one document: a stream of two runs is a usage
# error, with -o - as without -o, and no complete document is written.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
$SPGEN spec - b.h5 <<'EOF'
{"ranks": {"0": [["b", [0], [10]]]}}
EOF
"$SP_READ" a.h5 b.h5 | "$SP_STACK" >calls.sps || exit
"$SP_SPEEDSCOPE" -o - calls.sps >out.stdout
echo "exit $?"
"$SP_SPEEDSCOPE" calls.sps >out2.stdout
echo "exit $?"
wc -c <out.stdout
wc -c <out2.stdout
