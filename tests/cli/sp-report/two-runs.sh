#!/bin/sh
# Two runs: the page opens with sp-diff's comparison of the second with
# the first, by its default metric (each region's total) and its test of
# the ranks' values: the same rows in the same order and the same cells as
# sp-diff's table ("~" where the change is not significant), each row's
# numbers in data attributes as sp-diff's JSON has them, and a change
# chart with a bar per row: slower (up), faster (down), not significant
# (ns).  Names that are markup stay text.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["solve", [10000000], [60000000]],
  ["a<b>&\"c", [60000000], [70000000]]],
 "1": [["main", [0], [100000000]], ["solve", [10000000], [61000000]],
  ["a<b>&\"c", [62000000], [70000000]]],
 "2": [["main", [0], [100000000]], ["solve", [10000000], [59000000]]],
 "3": [["main", [0], [100000000]], ["solve", [10000000], [60500000]]],
 "4": [["main", [0], [100000000]], ["solve", [10000000], [60200000]]]},
 "metadata": {"label": "before"}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["solve", [10000000], [80000000]],
  ["new", [80000000], [90000000]]],
 "1": [["main", [0], [100000000]], ["solve", [10000000], [81000000]]],
 "2": [["main", [0], [100000000]], ["solve", [10000000], [79000000]]],
 "3": [["main", [0], [100000000]], ["solve", [10000000], [80500000]]],
 "4": [["main", [0], [101000000]], ["solve", [10000000], [80200000]]]},
 "metadata": {"label": "after"}}
EOF2
"$SP_READ" a.h5 b.h5 | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" -o page.html calls.sps
echo "exit $?"
grep -o '<h[23] id="change[^"]*">[^<]*' page.html
grep -o '<table class="diff"><thead>.*' page.html | sed 's/<\/th><th>/ | /g; s/<[^>]*>//g'
grep -o '<li><a href="#change">.*' page.html | sed 's/<[^>]*>//g'
sed -n '/<table class="diff">/,/<\/table>/p' page.html |
    grep '^<tr data-region' | sed 's/<\/td><td>/ | /g; s/<[^>]*>//g'
grep -o '<tr data-region="[^"]*" data-a="[^"]*" data-b="[^"]*" data-delta="[^"]*" data-pct="[^"]*"' page.html
grep -o '<g class="bar" data-region="[^"]*" data-pct="[^"]*">' page.html
grep -o '<rect class="\(up\|down\|ns\)"' page.html
grep -o '<p class="only">.*' page.html | sed 's/<[^>]*>//g'
grep -o '<p class="legend">Test:.*' page.html | sed 's/<[^>]*>//g'
"$SP_DIFF" calls.sps
"$SP_DIFF" --format json calls.sps
