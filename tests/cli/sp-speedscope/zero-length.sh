#!/bin/sh
# doc/exports.md, "speedscope events": outer(0,100); tick(0,0),(50,50):
# zero-length calls are children that open and close at once; two zero-length
# calls at the same time nest (O, O, C, C); one at its parent's end is a
# sibling.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["tick", [0, 50, 70, 70, 100], [0, 50, 70, 70, 100]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" >doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
