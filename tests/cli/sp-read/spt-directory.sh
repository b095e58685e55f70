#!/bin/sh
# doc/formats.md, "Native runs" (find_traces): a directory contributes its
# *.spt files, hidden ones too, not those of its subdirectories, and not its
# other files (sp takes no HDF5 file from a directory: name those); a
# directory with none is an error.  Its traces join the others given into
# one run.
mkdir traces traces/sub empty
$SPGEN spt - traces/.r1.spt <<'EOF2' || exit
{"ranks": {"1": [["solve", [30], [40]]]}}
EOF2
$SPGEN spt - traces/r0.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10], [20]]]}}
EOF2
$SPGEN spt - traces/sub/r5.spt <<'EOF2' || exit
{"ranks": {"5": [["deep", [1], [2]]]}}
EOF2
$SPGEN spt - r2.spt <<'EOF2' || exit
{"ranks": {"2": [["io", [50], [60]]]}}
EOF2
echo "not a trace" >traces/notes.txt
$SPGEN spec - traces/run_rank3.h5 <<'EOF2' || exit
{"ranks": {"3": [["solve", [1], [2]]]}}
EOF2
"$SP_READ" traces r2.spt >in.sps && "$SP_DUMP" in.sps
"$SP_READ" empty >out.sps
echo "exit $?"
