#!/bin/sh
# doc/exports.md, "Top level" and "Rows": the document of the compatibility
# fixture's profile (rank 0, "solve" from solver.py:7 tagged "golden", three
# calls), keys in order, on one line with ", " and ": ", no newline at the end;
# the unset exclusive total (-1) is left out; then sp-json's two extension
# keys, the file's layout and schema.
$SPGEN spec "$SRCDIR/tests/gen/examples/fixture-like-3.json" in.h5 || exit
"$SP_READ" in.h5 | "$SP_JSON" | sed "s/sp@$SP_VERSION/sp@VERSION/"
