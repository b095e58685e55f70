#!/bin/sh
# The generated profile of spec.inc, rank 1 only, sorted by total, more
# columns, no notes: no inline counts (the calls column is shown), %.3f prints
# 0.000, one rank's imbalance is 0.00, the two r002.rhs rows sorted to the end
# with their glyphs (doc/stats.md, "Sorted rows keep their glyphs").
. "$CASEDIR/spec.inc"
spec_6_1 ex1.h5 && calls ex1.h5 || exit
"$SP_STATS" -r 1 --sort total --no-notes \
    --columns region,ranks,calls,total,parent_percent,avg,max,p95,imbalance \
    calls.sps
