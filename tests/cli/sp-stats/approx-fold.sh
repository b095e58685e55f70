#!/bin/sh
# --approx keeps its memory within -S whatever the number of call paths:
# the table's paths outgrow -S 16k here, so the table has a row per
# region (the same calls and totals as the exact by-region records) and
# stderr says so.  With room for the paths the table is the exact one
# (the default columns hold no estimate).
$SPGEN synth --calls 3000 --ranks 2 --threads 2 --shape random \
    --regions 6 --seed 3 in.h5 || exit
"$SP_READ" -q in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --approx -S 16k --no-notes calls.sps
"$SP_STATS" --format csv --columns name,num_calls,total_duration calls.sps
"$SP_STATS" calls.sps >exact.out || exit
"$SP_STATS" --approx calls.sps >approx.out || exit
cmp exact.out approx.out && echo "--approx, room for the paths: identical"
"$SP_STATS" --approx -S 16k --call-paths --format csv \
    --columns name,num_calls calls.sps | tail -n 3
