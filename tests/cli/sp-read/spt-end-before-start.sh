#!/bin/sh
# doc/formats.md, "Native traces": the reference loads a call that ends before
# it starts and fails only in what builds the call tree; sp-read checks every
# call before it writes (as for HDF5) and names the rank file of the call.
$SPGEN spt - r0.spt <<'EOF2' || exit
{"ranks": {"0": [["outer", [1], [9]]]}}
EOF2
$SPGEN spt - r1.spt <<'EOF2' || exit
{"ranks": {"1": [["outer", [1000], [1100]], ["inner", [1010, 1050], [1040, 1045]]]}}
EOF2
"$SP_READ" r0.spt r1.spt >out.sps
echo "exit $?"
