#!/bin/sh
# A row without calls still has its (empty) lists, and a rank without
# rows has none: the document of a run is written whatever it holds.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["idle", [], []], ["busy", [5], [9]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" | sed "s/sp@$SP_VERSION/sp@VERSION/"
