#!/bin/sh
# -o naming a directory (or ending in "/") writes DIR/profile.json, the
# name of the reference's command line (doc/exports.md, "Run labels and file
# names").
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
mkdir d
"$SP_READ" a.h5 | "$SP_JSON" -o d && "$SP_READ" a.h5 | "$SP_JSON" -o new/ || exit
ls d new
