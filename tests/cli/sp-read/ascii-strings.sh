#!/bin/sh
# Variable-length strings with ASCII cset (h5py 2.x files) read as text.
$SPGEN spec - in.h5 <<'EOF'
{"strings": "ascii", "schema": 2, "metadata": {"label": "old", "host": "n1"}, "ranks": {"0": [
  ["solve", [0, 10], [5, 20], {"source_file": "s.py", "source_lineno": 9, "tags": ["t"]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
