#!/bin/sh
# --lines -o FILE.gz writes the lines gzip-compressed, all runs to the
# one file.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" a.h5 a.h5 | "$SP_JSON" --lines -o out/calls.ndjson.gz || exit
gzip -dc out/calls.ndjson.gz
