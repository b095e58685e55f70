#!/bin/sh
# doc/exports.md, "Python's text": whatever the indent, the text is what
# Python's json.dumps writes for the document json.loads reads from it: the
# same separators, escapes (ensure_ascii) and float spellings, for a profile
# with every kind of value (names with quotes and non-ASCII, metadata, LIKWID
# floats, event metadata, lane tables).
$SPGEN spec "$SRCDIR/tests/gen/examples/all-features.json" in.h5 || exit
"$SP_READ" in.h5 >in.sps || exit
for n in none 0 1 4; do
	if [ $n = none ]; then
		"$SP_JSON" in.sps >doc.json || exit
	else
		"$SP_JSON" --indent $n in.sps >doc.json || exit
	fi
	"$PYTHON" - doc.json $n <<'EOF2'
import json, sys
text = open(sys.argv[1], encoding="ascii").read()
indent = None if sys.argv[2] == "none" else int(sys.argv[2])
same = json.dumps(json.loads(text), indent=indent) == text
print("indent", sys.argv[2], "same as json.dumps" if same else "DIFFERS")
EOF2
done
