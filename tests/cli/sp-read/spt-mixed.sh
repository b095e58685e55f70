#!/bin/sh
# The traces among the files given are one run, where the first of them
# was given; HDF5 and JSON profiles stay runs of their own: a.h5, then the
# native run of r0.spt and r1.spt, then b.h5.
$SPGEN spec - a.h5 <<'EOF2' || exit
{"ranks": {"0": [["a", [1], [2]]]}}
EOF2
cp a.h5 b.h5
$SPGEN spt - r0.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10], [20]]]}}
EOF2
$SPGEN spt - r1.spt <<'EOF2' || exit
{"ranks": {"1": [["solve", [15], [25]]]}}
EOF2
"$SP_READ" a.h5 r1.spt b.h5 r0.spt >in.sps && "$SP_DUMP" in.sps | grep -E '^(run|rank|stream)'
