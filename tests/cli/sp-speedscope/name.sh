#!/bin/sh
# --name sets the document's name, written as Python's json.dump writes
# strings (ASCII only, \u escapes); the file is still named by -o.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" --name 'Lauf "3" – ü' -o doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
