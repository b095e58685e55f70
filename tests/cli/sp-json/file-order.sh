#!/bin/sh
# sp-read --order file hands over each row whole, in recording order, and
# the last rank is written as it comes: no spill even with a buffer far
# smaller than the run, and the same bytes as from time order.
$SPGEN synth --calls 2000 --ranks 1 --seed 2 in.h5 || exit
"$SP_READ" in.h5 | "$SP_JSON" >time.json || exit
"$SP_READ" --order file in.h5 | "$SP_JSON" -S 40k -v >file.json || exit
cmp time.json file.json && echo "same bytes"
