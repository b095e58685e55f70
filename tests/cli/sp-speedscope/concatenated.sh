#!/bin/sh
# Concatenated call streams (two sections) are read through; their runs
# are told apart by unique labels, as the reference makes them: the same
# run twice gives documents "a" and "a (2)", in files profile_a and
# profile_a_2.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" a.h5 | "$SP_STACK" >a.sps || exit
cat a.sps a.sps | "$SP_SPEEDSCOPE" -o profile.json || exit
ls -A
for f in profile*; do
	sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" "$f"; echo
done
