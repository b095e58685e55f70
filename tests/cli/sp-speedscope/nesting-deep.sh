#!/bin/sh
# doc/exports.md, "speedscope events": outer(0,100); inner(10,40),(50,90);
# leaf(15,20): the depth first order O outer, O inner, O leaf, C leaf, C inner,
# O inner, C inner, C outer, with "at" = ns / 1e9 - origin / 1e9 as Python
# prints it.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [1000], [1100]], ["inner", [1010, 1050], [1040, 1090]], ["leaf", [1015], [1020]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.speedscope.json; echo
