#!/bin/sh
# 2050 ranks: the heatmap bins them into at most 2048 rows (two ranks a
# row here, 1025 rows, each column's outline as tall) and says so; the
# imbalance plots bin theirs into at most 256 points (nine ranks a point,
# 228 points); the rows are labelled by the first rank of the order and
# the last, an ellipsis saying that a row holds more than one.
$SPGEN synth --ranks 2050 --calls 2 --seed 3 in.h5 || exit
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" -o page.html calls.sps
echo "exit $?"
grep -o 'Past 2048 ranks[^<]*' page.html
grep -m1 -o 'class="col"[^>]*' page.html
grep -m1 -o 'points="[^"]*"' page.html | tr ' ' '\n' | wc -l
grep -o 'rank [0-9]*…*</text>' page.html
