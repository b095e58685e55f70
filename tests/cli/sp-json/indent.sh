#!/bin/sh
# doc/exports.md, "Python's text": --indent N lays the document out as
# json.dumps(indent=N): a newline and N spaces per level, "," between items, ":
# " after keys; --indent 0 puts newlines but no spaces.
$SPGEN spec "$SRCDIR/tests/gen/examples/fixture-like-3.json" in.h5 || exit
"$SP_READ" in.h5 >in.sps || exit
"$SP_JSON" --indent 2 in.sps | sed "s/sp@$SP_VERSION/sp@VERSION/"
echo
echo ---
"$SP_JSON" --indent 0 in.sps | sed "s/sp@$SP_VERSION/sp@VERSION/"
