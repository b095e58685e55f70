#!/bin/sh
# Runs at 1, 2, 4 and 8 ranks: the page opens with sp-scale's series by
# its defaults (x the rank count, strong scaling, the mean call): its
# chart inline (no XML declaration), and a table of its rows, the whole
# run first, each cell's number in data-v as sp-scale's JSON has it, the
# verdict with its reason.  No change section: there are four runs.
$SPGEN scale --ranks 1,2,4,8 --serial 0.05 --slow 0.5 strong || exit
"$SP_READ" strong/*.h5 | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" -o page.html calls.sps
echo "exit $?"
grep -o '<section class="across" id="[^"]*"' page.html
grep -o '<li><a href="#scaling">.*' page.html | sed 's/<[^>]*>//g'
grep -c '<?xml' page.html
grep -o '<div class="scalechart">' page.html
grep -o '<g class="series" data-name="[^"]*"' page.html
sed -n '/<table class="scale">/,/<\/table>/p' page.html | grep '^<tr' |
    sed 's/<\/t[dh]><t[dh][^>]*>/ | /g; s/<[^>]*>//g'
grep -o '<td data-k="[a-z]*" data-i="[0-9]" data-v="[^"]*"' page.html |
    sed -n '1,12p'
grep -o 'data-verdict="[^"]*" title="[^"]*"' page.html
"$SP_SCALE" calls.sps
