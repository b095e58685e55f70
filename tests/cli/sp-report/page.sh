#!/bin/sh
# A run's page on standard output: one UTF-8 HTML document that names no
# other resource (no src or href but its own anchors and the Perfetto
# UI's address, a link followed only when clicked; no url(), no
# @import), with its sections, the overview's bullets and the summary
# tree's lines as sp-stats writes them.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
 ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]],
 "1": [["main", [0], [100000000]], ["solve", [10000000], [95000000]]]},
 "metadata": {"label": "demo", "hostname": "node7",
 "timestamp": "2026-01-15T10:30:00+01:00"}}
EOF2
"$SP_READ" a.h5 | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" calls.sps >page.html
echo "exit $?"
head -c 15 page.html; echo
grep -o ' \(src\|href\)="[^#][^"]*"' page.html
grep -o 'url(\|@import' page.html
grep -o '<h[23] id="[^"]*">[^<]*' page.html
grep -o '<p class="runline">.*' page.html | sed 's/<[^>]*>//g'
grep -o '<li class="b-[^"]*">.*' page.html | sed 's/<[^>]*>//g'
grep '^<tr data-d' page.html | sed 's/<\/td><td>/ | /g; s/<[^>]*>//g'
"$SP_STATS" --no-notes calls.sps
