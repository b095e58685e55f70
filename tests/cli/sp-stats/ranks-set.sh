#!/bin/sh
# -r is a set (man page, "Also different, by design"; doc/stats.md,
# "Where sp-stats differs"): -r 0,0 gives the table of -r 0 (the
# reference's ranks=[0, 0] doubles rank 0 in the tree), and -r 1,0 that
# of -r 0,1 (ranks visited in ascending order).
. "$CASEDIR/spec.inc"
spec_6_3 native_trace && calls native_trace || exit
"$SP_STATS" -r 0 --no-notes calls.sps >a.txt &&
    "$SP_STATS" -r 0,0 --no-notes calls.sps >b.txt &&
    "$SP_STATS" -r 0,1 --no-notes calls.sps >c.txt &&
    "$SP_STATS" -r 1,0 --no-notes calls.sps >d.txt || exit
cmp a.txt b.txt && cmp c.txt d.txt && cat b.txt d.txt
