#!/bin/sh
# doc/formats.md, "Native runs": two files of one rank in one run are an error
# naming the later file (in path order) and the one that had the rank first,
# the reference's TraceFormatError; nothing is written.  The fixtures
# native-v1.spt and native-v2.spt are both rank 0.
$SPGEN spt - native-v1.spt <<'EOF2' || exit
{"version": 1, "ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55]]]}}
EOF2
$SPGEN spt - native-v2.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55], {"source_file": "solver.c", "source_lineno": 7}]]}}
EOF2
"$SP_READ" native-v2.spt native-v1.spt >out.sps
echo "exit $?"
wc -c <out.sps
