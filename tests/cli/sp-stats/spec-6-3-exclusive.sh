#!/bin/sh
# doc/stats.md, "Example: a session on two ranks", percentage_mode "exclusive"
# with columns region, calls, percent, parent_percent, total, avg, imbalance:
# solve's own share 65.91%, the session row 100.00%, io's imbalance over 2.5 s
# and 0.00025 s 99.98%.
. "$CASEDIR/spec.inc"
spec_6_3 native_trace && calls native_trace || exit
"$SP_STATS" --percent exclusive --no-notes \
    --columns region,calls,percent,parent_percent,total,avg,imbalance calls.sps
