#!/bin/sh
# Equal timestamps keep the depth-first order: identical intervals A then
# B nest (B is A's child); touching siblings a(0,10),(10,20) with z(10,10),
# a child of the second a, give events at equal times in tree order.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["A", [100], [110]], ["B", [100], [110]],
  ["a", [0, 10], [10, 20]], ["z", [10], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" >doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
