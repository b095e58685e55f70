#!/bin/sh
# Standard output takes one document: a stream with a second run is a
# usage error (exit status 2), and what was written is never a complete
# document (its last byte is held back).
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" a.h5 a.h5 >two.sps || exit
"$SP_JSON" two.sps >out.json
echo "exit $?"
if [ "$(tail -c 1 out.json)" = "}" ]; then
	echo "a complete document"
else
	echo "no complete document"
fi
