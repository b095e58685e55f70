#!/bin/sh
# Schema 1 without the root attribute (pre-versioning, like the reference
# fixture hdf5-schema-1.h5): read as schema 1, per-rank layout.
$SPGEN spec - in.h5 <<'EOF'
{"schema": 0, "ranks": {"0": [
  ["solve", [10, 20, 40], [15, 33, 55],
   {"source_file": "solver.py", "source_lineno": 7, "tags": ["golden"]}]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
