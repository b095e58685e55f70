#!/bin/sh
# --diff: the two runs of the stream paired by call path, drawn with the
# after run's widths (1200 px for its 100 ms: 12 px a ms) and coloured by
# the change of self time, after - before (doc/exports.md, "Widths and
# colours"): a +20 ms is the largest change, full red (255, 40, 40); b -20 ms
# full blue; main -5 ms a quarter of it, pale blue (175 = 220 - 180 / 4); d
# unchanged, grey; e only in after, gold; c only in before has no width, and
# the row below the graph says so.  Labels are the frames' own names, tooltips
# give both runs.
. "$CASEDIR/diff-runs.inc"
"$SP_FLAME" --diff -o diff.svg ba.sps || exit
ls *.svg
$PYTHON "$SRCDIR/tests/flame-tree.py" frames diff_rank0.svg
