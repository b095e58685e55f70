#!/bin/sh
# A native trace is known by its magic, whatever its name (doc/formats.md,
# "Knowing a file"): a trace named run.dat or run.h5 is read as one, and the
# rank files of one run need not be named *.spt.
$SPGEN spt - a.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10], [20]]]}}
EOF2
$SPGEN spt - b.spt <<'EOF2' || exit
{"ranks": {"1": [["solve", [15], [25]]]}}
EOF2
mv a.spt run.dat && mv b.spt run.h5
"$SP_READ" run.h5 run.dat >in.sps && "$SP_DUMP" in.sps
