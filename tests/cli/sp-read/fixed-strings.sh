#!/bin/sh
# Fixed-length NULLPAD strings (the MPI parallel writer): names, source
# files, texts and tags read without their padding.
$SPGEN spec - in.h5 <<'EOF'
{"strings": "fixed", "ranks": {"0": [
  ["a", [0], [100], {"source_file": "long/path/solver.py", "source_lineno": 3, "tags": ["x"]}],
  ["a much longer name", [10], [20], {"source_text": "with r:"}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
