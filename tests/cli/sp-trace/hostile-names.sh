#!/bin/sh
# Names with quotes, backslashes, a tab, a newline, '<', non-ASCII and an
# emoji: JSON escapes them as json.dump does (\u escapes), the protobuf
# carries their UTF-8 as it is; the run's label in process names too.
# Python's json reads the JSON back to the same names.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["it's \"q\" \\ <b>", [0], [100]], ["tab\there\nnewline", [10], [20]],
  ["caf\u00e9 \ud83d\ude00", [30], [40]]]},
 "metadata": {"label": "run \"1\"\t\u00e9"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" -o t.json calls.sps || exit
cat t.json
$PYTHON -c 'import json, sys
d = json.load(open("t.json"))
for e in d["traceEvents"]:
    print(e["ph"], ascii(e["name"] if e["ph"] == "X" else e["args"].get("name", "")))
print(ascii(d["metadata"]["name"]))'
"$SP_TRACE" -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
