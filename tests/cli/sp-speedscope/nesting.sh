#!/bin/sh
# doc/exports.md, "speedscope events": main(10,11) setup(10,10.2)
# solve(10.2,10.9) assemble(10.3,10.6) s: startValue 0.0, endValue 1.0, closes
# in the order setup, assemble, solve, main; frames numbered by first open.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [10000000000], [11000000000]],
  ["setup", [10000000000], [10200000000]],
  ["solve", [10200000000], [10900000000]],
  ["assemble", [10300000000], [10600000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" >doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
