#!/bin/sh
# The flame graph: each run's section holds sp-flame's interactive graph
# of its ranks merged, the tree that sp-flame --interactive --merge-ranks
# carries, node for node, in an element the script draws (its data, an
# empty svg), and the page holds sp-flame's script once, byte for byte,
# before its own.  With -r leaving a rank out, the root says "selected
# ranks"; a run without calls has the heading and no graph, and the page
# then holds its own script alone.
$SPGEN spec - in.h5 <<'EOF2' || exit
{"ranks": {"0": [["main", [0], [10]], ["x", [0], [4]]],
  "1": [["main", [0], [6]], ["y", [1], [2]], ["a<b>\"&c", [3], [5]]]},
 "metadata": {"label": "m"}}
EOF2
"$SP_READ" -r all in.h5 | "$SP_STACK" >in.sps || exit
"$SP_REPORT" -q -o page.html in.sps || exit
"$SP_FLAME" --interactive --merge-ranks -o g.svg in.sps || exit
$PYTHON "$SRCDIR/tests/flame-tree.py" data page.html >report.tree
$PYTHON "$SRCDIR/tests/flame-tree.py" data g.svg >flame.tree
cat report.tree
cmp report.tree flame.tree && echo "the tree of sp-flame --merge-ranks"
grep -o '<h3 id="r1-flame">[^<]*' page.html
grep -o '<div class="sp-flame"[^>]*><script [^>]*>' page.html
grep -o '</script><svg class="flamegraph"[^>]*></svg></div>' page.html
$PYTHON - "$SRCDIR/lib/export/flame/sp_flame_script.js" page.html <<'EOF2'
import sys
script = open(sys.argv[1]).read()
page = open(sys.argv[2], encoding="utf-8").read()
at = page.find("<script>\n" + script + "</script>\n<script>\n")
print("sp-flame's script once, before the page's:",
      at > 0 and page.count(script) == 1 and at > page.find("</main>"))
EOF2
"$SP_REPORT" -q -r 1 in.sps >one.html || exit
$PYTHON "$SRCDIR/tests/flame-tree.py" data one.html | grep '^<'
$SPGEN spec - empty.h5 <<'EOF2' || exit
{"ranks": {"0": []}, "names": ["main"], "metadata": {"label": "e"}}
EOF2
"$SP_READ" empty.h5 | "$SP_STACK" | "$SP_REPORT" >empty.html
echo "exit $?"
grep -A1 '<h3 id="r1-flame">' empty.html
grep -c '^<script>$' empty.html
