#!/bin/sh
# sp-json takes a call stream (from sp-stack) as well as an interval
# stream: the same document.
$SPGEN synth --calls 500 --ranks 2 --threads 2 --seed 4 in.h5 || exit
"$SP_READ" in.h5 >in.sps || exit
"$SP_JSON" in.sps >a.json && "$SP_STACK" in.sps | "$SP_JSON" >b.json || exit
cmp a.json b.json && echo "same bytes"
