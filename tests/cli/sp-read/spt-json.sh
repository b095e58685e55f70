#!/bin/sh
# doc/exports.md, "sp-json documents", and doc/formats.md, "Native runs":
# sp-json of a native run is the document the reference writes for an import
# (num_ranks the files, the import's metadata, rows by region in first
# appearance, ranks ascending, source_file and source_lineno from version 2),
# plus sp's extension keys; and it reads back as the same calls.
$SPGEN spt - r0.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55], {"source_file": "solver.c", "source_lineno": 7}]]}}
EOF2
$SPGEN spt - r1.spt <<'EOF2' || exit
{"version": 1, "ranks": {"1": [["io", [12], [14]], ["solve", [30], [50]]]}}
EOF2
"$SP_READ" r1.spt r0.spt | "$SP_JSON" -o doc.json || exit
cat doc.json; echo
"$SP_READ" doc.json | "$SP_DUMP" | grep -v '^run '
"$SP_READ" r0.spt r1.spt | "$SP_DUMP" | grep -v '^run ' >spt.txt
"$SP_READ" doc.json | "$SP_DUMP" | grep -v '^run ' | cmp - spt.txt &&
    echo "read back: the same calls"
