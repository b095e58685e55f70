#!/bin/sh
# The generated profile of two ranks (spec.inc), default call: the
# call tree with (own) rows and inline counts, total 13 wide, the notes
# with the title "synthetic - ex1.h5 (2 ranks)"; the table is the reference's
# to the character, the hints name sp's programs.
. "$CASEDIR/spec.inc"
spec_6_1 ex1.h5 && calls ex1.h5 || exit
"$SP_STATS" calls.sps
