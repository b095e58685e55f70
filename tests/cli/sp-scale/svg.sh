#!/bin/sh
# --svg: a chart that parses as XML, with its title, the ideal, the whole
# run and a line per region, each point where its numbers say; each plot;
# --top 2 merges the rest into "other".
. "$CASEDIR/series.inc"
show() {
	"$PYTHON" -c '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.stdin).getroot()
print(root.get("width"), root.get("height"), root.find(ns + "text").text)
plot = root.find(".//" + ns + "g[@class=\"plot\"]")
print("axes:", plot.get("data-xlog"), plot.get("data-ylog"),
      plot.get("data-ymin"), plot.get("data-ymax"))
for g in root.iter(ns + "g"):
    if g.get("class") in ("series", "ideal"):
        pts = [(c.get("data-x"), c.get("data-y")) for c in g.iter(ns + "circle")]
        print(g.get("class"), g.get("data-name"), len(pts), pts[-1:] if pts else "")
print("legend:", [t.text for t in root.find(ns + "g[@class=\"legend\"]").iter(ns + "text")])
'
}
"$SP_SCALE" --svg calls.sps | show
"$SP_SCALE" --svg --plot efficiency --top 2 calls.sps | show
"$SP_SCALE" --svg --weak weak.sps | show
"$SP_SCALE" --svg --weak --plot weak-efficiency -i perfect weak.sps | show
"$SP_SCALE" --svg --x case -i perfect calls.sps | show
