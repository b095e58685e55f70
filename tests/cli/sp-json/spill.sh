#!/bin/sh
# A buffer too small for the calls spills them to temporary files, as
# sort(1) does, and the document is the same bytes.
$SPGEN synth --calls 2000 --ranks 2 --threads 2 --gpu --seed 2 in.h5 || exit
"$SP_READ" in.h5 >in.sps || exit
"$SP_JSON" in.sps >big.json || exit
"$SP_JSON" -S 1k -v in.sps 2>err.txt >small.json || exit
cmp big.json small.json && echo "same bytes"
sed 's/[0-9][0-9]* bytes spilled/N bytes spilled/' err.txt
