#!/bin/sh
# A document reads back with Python's json module: names with quotes,
# non-ASCII, tabs and " > " come back intact, and every profile balances.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]], ["it's \"q\"", [10], [20]], ["ünï\tcode", [30], [40]], ["a > b", [50], [60]], ["😀", [70], [70]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json || exit
"$PYTHON" - doc.json <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1], encoding="ascii"))
print([f["name"] for f in doc["shared"]["frames"]])
for p in doc["profiles"]:
    stack, ats = [], [e["at"] for e in p["events"]]
    for e in p["events"]:
        if e["type"] == "O":
            stack.append(e["frame"])
        else:
            assert stack.pop() == e["frame"]
    assert not stack and ats == sorted(ats)
    assert p["startValue"] == ats[0] and p["endValue"] == ats[-1]
    print(p["name"], len(p["events"]), "events, balanced")
EOF
