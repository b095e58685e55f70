#!/bin/sh
# A run without calls among others gets no document, as in the reference,
# and a note; it still counts as a run for the file names.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["a", [], []]]}}
EOF
$SPGEN spec - b.h5 <<'EOF'
{"ranks": {"0": [["b", [0], [10]]]}}
EOF
"$SP_READ" a.h5 b.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json || exit
ls -A
