#!/bin/sh
# doc/formats.md, "Native traces": version 2 adds each region's source file and
# line between its name and its call count (the fixture native-v2.spt:
# "solver.c" line 7); a source length of 0 is no file, a line below 0 no line,
# and line 0 is kept (11.1).
$SPGEN spt - solve.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55], {"source_file": "solver.c", "source_lineno": 7}],
  ["nowhere", [60], [70]],
  ["top", [80], [90], {"source_file": "a.c", "source_lineno": 0}]]}}
EOF2
"$SP_READ" solve.spt >in.sps && "$SP_DUMP" in.sps
