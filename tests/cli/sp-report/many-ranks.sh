#!/bin/sh
# 260 ranks: the heatmap bins them into at most 256 rows (two ranks a row
# here, 130 rows) and says so; the imbalance plots have as many points;
# the heatmap's rows run from the first rank to the last.
$SPGEN synth --ranks 260 --calls 4 --seed 3 in.h5 || exit
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" -o page.html calls.sps
echo "exit $?"
grep -o 'A row is the mean of consecutive ranks\.' page.html
# rows of the first heatmap column, points of the first plot
grep -m1 '^<g data-region' page.html | grep -o '<rect ' | wc -l
grep -m1 -o 'points="[^"]*"' page.html | tr ' ' '\n' | wc -l
grep -o 'rank [0-9]*</text>' page.html
