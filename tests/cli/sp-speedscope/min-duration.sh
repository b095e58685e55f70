#!/bin/sh
# --min-duration drops the calls shorter than it with every call inside
# them, and says how many on standard error; the origin stays the earliest
# call read, even when it is dropped.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["tiny", [0], [1]], ["main", [10], [10010]], ["big", [20, 3000], [2020, 3900]],
  ["small", [30, 3100, 4000], [1029, 3200, 5500]], ["leaf", [40, 3150], [45, 3160]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_SPEEDSCOPE" --min-duration 1us calls.sps >doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
"$SP_SPEEDSCOPE" --min-duration 0.0000015s calls.sps >doc2.json || exit
"$SP_SPEEDSCOPE" --min-duration 1500 calls.sps >doc3.json || exit
cmp doc2.json doc3.json && echo "1500 ns = 0.0000015s"
