#!/bin/sh
# The embedded script is valid JavaScript (node --check) and is the one
# of the source tree, lib/export/flame/sp_flame_script.js, byte for byte;
# the data before it is JSON.  What it draws is checked in a browser
# (tests/browser/flame.js).  Skipped without node.
command -v node >/dev/null 2>&1 || { echo "SKIP: no node (nodejs)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]]},
 "metadata": {"label": "profiling_data"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --interactive >i.svg || exit
$PYTHON - i.svg <<'EOF2' || exit
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
NS = "{http://www.w3.org/2000/svg}"
scripts = root.findall(NS + "script")
print([s.get("type") for s in scripts])
json.loads(scripts[0].text)
print("data: JSON")
open("script.js", "w").write(scripts[1].text[1:])
EOF2
node --check script.js && echo "node --check: ok"
cmp script.js "$SRCDIR/lib/export/flame/sp_flame_script.js" &&
    echo "the source's script"
