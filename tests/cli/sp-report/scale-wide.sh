#!/bin/sh
# Runs at six rank counts: the scaling table is cut into two blocks of
# three rank counts, one under the other, so that it fits the page's
# width; each block has every row, the region's column first, and the
# verdicts come with the last; every point's three cells once a row.
$SPGEN scale --ranks 1,2,3,4,6,8 wide || exit
"$SP_READ" wide/*.h5 | "$SP_STACK" | "$SP_REPORT" -q -o page.html || exit
grep -c '<table class="scale">' page.html
sed -n '/<table class="scale">/,/<\/thead>/p' page.html | grep -o '<thead>.*' |
    sed 's/<\/th><th[^>]*>/ | /g; s/<[^>]*>//g'
$PYTHON - page.html <<'EOF2'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
rows = {}
for t in re.findall(r'<table class="scale">.*?</table>', page, re.S):
    body = t.split("<tbody>")[1]
    for i, tr in enumerate(re.findall(r"<tr[ >].*?</tr>", body)):
        r = rows.setdefault(i, [])
        r.extend(re.findall(r'data-k="(\w+)" data-i="(\d+)"', tr))
        r.extend(("verdict", v) for v in re.findall(r'data-verdict="(\w+)"',
                                                      tr))
want = [(k, str(i)) for i in range(6)
        for k in ("time", "speedup", "efficiency")]
print(len(rows), "rows;", "each with every point once and a verdict:",
      all(r[:18] == want and len(r) == 19 and r[18][0] == "verdict"
          for r in rows.values()))
EOF2
