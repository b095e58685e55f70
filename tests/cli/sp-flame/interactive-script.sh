#!/bin/sh
# The embedded script is valid JavaScript (node --check), and run against
# a minimal DOM it rewrites the tooltips in real units and zooms.
# Skipped without node.
command -v node >/dev/null 2>&1 || { echo "SKIP: no node (nodejs)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]]},
 "metadata": {"label": "profiling_data"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --interactive >i.svg || exit
$PYTHON - i.svg <<'EOF2' >script.js || exit
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
NS = "{http://www.w3.org/2000/svg}"
print(root.find(NS + "script").text)
EOF2
node --check script.js && echo "node --check: ok"
$PYTHON - i.svg >dom.js <<'EOF2' || exit
import json, sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
frames = []
for el in root.iter(NS + "svg"):
    if el.get("class") == "func_g":
        g = el.find(NS + "g")
        frames.append({"x": el.get("x"), "y": el.get("y"),
                       "width": el.get("width"),
                       "title": g.find(NS + "title").text,
                       "fill": g.find(NS + "rect").get("fill"),
                       "text": g.find(NS + "text").text})
print("var FRAMES = %s;" % json.dumps(frames))
EOF2
cat >>dom.js <<'EOF2'
function El(attrs, kids) {
  this.a = attrs || {}; this.kids = kids || {}; this.style = {}; this.on = {};
  this.textContent = this.a.textContent || "";
}
El.prototype.getAttribute = function (k) { return this.a[k]; };
El.prototype.setAttribute = function (k, v) { this.a[k] = String(v); };
El.prototype.querySelector = function (s) { return this.kids[s]; };
El.prototype.addEventListener = function (k, f) { this.on[k] = f; };
var els = FRAMES.map(function (f) {
  return new El({x: f.x, y: f.y, width: f.width}, {
    title: new El({textContent: f.title}), rect: new El({fill: f.fill}),
    text: new El({textContent: f.text})});
});
var ctl = {};
["sp_details", "sp_matched", "sp_reset", "sp_search"].forEach(function (c) {
  ctl["." + c] = new El();
});
var root = { querySelector: function (s) { return ctl[s]; },
  querySelectorAll: function () { return els; } };
var document = { currentScript: { parentNode: root },
  addEventListener: function () {} };
var window = { prompt: function () { return "solve$"; } };
EOF2
{ cat dom.js; cat script.js; cat <<'EOF2'; } >run.js
console.log(els[3].kids.title.textContent);
els[3].on.click();
console.log(els.map(function (e) {
  return e.style.display === "none" ? "-" : e.a.x + "+" + e.a.width;
}).slice(0, 5).join(" "));
ctl[".sp_search"].on.click();
console.log(ctl[".sp_matched"].textContent);
EOF2
node run.js
