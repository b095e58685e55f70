#!/bin/sh
# -o DIR/ or an existing directory DIR: DIR/profile.speedscope.json, the
# reference command line's name; missing parents are created.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_SPEEDSCOPE" -o new/dir/ calls.sps || exit
mkdir old
"$SP_SPEEDSCOPE" -o old calls.sps || exit
find new old -type f | sort
