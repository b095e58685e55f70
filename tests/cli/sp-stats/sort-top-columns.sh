#!/bin/sh
# --sort, --top and --columns: by calls largest first (ties by name; the
# flat order keeps the glyphs: doc/stats.md, "Sorted rows keep their
# glyphs"), by name the first two regions (r000.solve and r001.assemble,
# both rows of the latter, and r003.io.write as the ancestor of one), the
# reference column names with name as an alias of region, sp's wall and
# self; the csv records of the two regions with the largest totals.
. "$CASEDIR/spec.inc"
spec_6_1 ex1.h5 && calls ex1.h5 || exit
"$SP_STATS" --sort calls --columns name,calls,total,wall,self --no-notes calls.sps
"$SP_STATS" --sort name --top 2 --columns region,min,max,first,last,std,p50,p99 \
    --no-notes calls.sps
"$SP_STATS" --format csv --sort total --top 2 \
    --columns name,total_duration,p95 calls.sps
