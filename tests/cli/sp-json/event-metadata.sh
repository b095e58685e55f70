#!/bin/sh
# doc/exports.md, "Rows": per-call event_metadata is written only when some
# call has any; then it is re-spelled as json.dumps spells it, indented with
# the document.  JSON v1 cannot tell a row of empty objects or "[]" from none,
# nor keep a spelling that json.dumps would change: the extension key
# event_metadata_json then keeps the text as the profile holds it.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["some", [0, 10], [5, 15], {"event_metadata": [{"iteration": 0}, {"status": "error", "x": 1.50}]}],
                 ["empty", [20, 30], [25, 35], {"event_metadata": [{}, {}]}],
                 ["spelled", [40], [45], {"event_metadata": "[{\"a\":1}]"}],
                 ["none", [50], [55]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" --indent 1 | sed "s/sp@$SP_VERSION/sp@VERSION/"
