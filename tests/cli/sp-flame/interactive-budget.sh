#!/bin/sh
# --max-nodes bounds the tree the interactive graph carries: past it the
# paths with the largest total are kept (a parent before its children),
# the others merged into their nearest kept ancestor, whose total still
# holds them; a note on standard error says how many and how much time.
# --max-nodes 0 keeps them all.
. "$CASEDIR/diff-runs.inc"
"$SP_READ" after.h5 | "$SP_STACK" >after.sps || exit
"$SP_FLAME" --interactive --max-nodes 3 -o b.svg after.sps || exit
$PYTHON "$SRCDIR/tests/flame-tree.py" data b_rank0.svg
"$SP_FLAME" --interactive --max-nodes 0 after.sps >all.svg || exit
$PYTHON "$SRCDIR/tests/flame-tree.py" data all.svg | tail -n 6
