#!/bin/sh
# --diff --interactive: the interactive graph of the pair, its tree
# carrying both runs (the after run first below, "| before:" the before
# run), every path of either, with calls, self and total ns; the view
# holds the diff's options.
. "$CASEDIR/diff-runs.inc"
"$SP_FLAME" --diff --interactive --negate --min-delta 5 -o d.svg ba.sps ||
    exit
ls *.svg
$PYTHON "$SRCDIR/tests/flame-tree.py" data d_rank0.svg
grep -o '<script type="[^"]*"' d_rank0.svg
