#!/bin/sh
# --label names the runs in order, over the metadata's label and the
# file's stem; runs after the last --label keep their own names.  A name
# that a number made unique keeps the name before it in the run item's
# "name" (only then), for titles that tell runs apart by file.  More
# names than runs, or an empty one, is a usage error, before anything
# is written.
$SPGEN spec - old.h5 <<'EOF2'
{"metadata": {"label": "synthetic"}, "ranks": {"0": [["x", [0], [1]]]}}
EOF2
$SPGEN spec - new.h5 <<'EOF2'
{"metadata": {"label": "synthetic"}, "ranks": {"0": [["x", [0], [2]]]}}
EOF2
runs() {
	"$SP_READ" "$@" >s.sps && $PYTHON "$SRCDIR/tests/cli/sp-items.py" \
	    --kind run s.sps | sed 's/, "metadata": .*//'
	echo "exit $?"
}
runs old.h5 new.h5
runs --label before --label after old.h5 new.h5
runs --label before old.h5 new.h5
runs --label same --label same old.h5 new.h5
"$SP_READ" --label a --label b --label c old.h5 new.h5 >/dev/null
echo "exit $?"
"$SP_READ" --label '' old.h5 >/dev/null
echo "exit $?"
ls
