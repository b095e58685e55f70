#!/bin/sh
# The diffs of two random forests of 12 regions (seeds 1 and 2), some
# 2500 paths: --folded --diff equals, line for line, what difffolded.pl's
# rules (tests/difffolded.py) give for the two runs' own folded stacks,
# with and without -n (--normalize); the static diff is a flame graph
# whose frames nest, each child within its parent and the frames of a row
# one pixel apart (tests/check-svg.py), with after and before widths (at
# least 2.4 px: frames of under 2 px are drawn 1 px wide, as the static
# graph draws them, wider than their place); and the same for the diff
# of two template profiles.
for s in 1 2; do
	$SPGEN synth --schema 3 --shape random --regions 12 --depth 5 \
	    --seed $s --calls 3000 r$s.h5 >/dev/null || exit
	"$SP_READ" r$s.h5 | "$SP_STACK" | "$SP_FLAME" --folded >r$s.folded ||
	    exit
done
"$SP_READ" r1.h5 r2.h5 | "$SP_STACK" >r12.sps || exit
"$SP_FLAME" --folded --diff r12.sps >r.folded || exit
$PYTHON "$SRCDIR/tests/difffolded.py" r1.folded r2.folded >want
cmp r.folded want && echo "= difffolded.py r1 r2: $(wc -l <want) lines"
"$SP_FLAME" --folded --diff --normalize r12.sps >r.folded || exit
$PYTHON "$SRCDIR/tests/difffolded.py" -n r1.folded r2.folded >want
cmp r.folded want && echo "= difffolded.py -n r1 r2"
"$SP_FLAME" --diff --threshold 0.002 r12.sps >after.svg &&
"$SP_FLAME" --diff --threshold 0.002 --before-widths r12.sps >before.svg ||
    exit
$PYTHON "$SRCDIR/tests/check-svg.py" after.svg before.svg
# the template tree (seeds 1 and 2, 5000 calls): frames whose edges,
# rounded apart, once left a frame 0.01 px inside the one before it
for s in 1 2; do
	$SPGEN synth --schema 3 --shape template --seed $s --calls 5000 \
	    t$s.h5 >/dev/null || exit
done
"$SP_READ" t1.h5 t2.h5 | "$SP_STACK" | "$SP_FLAME" --diff >t.svg || exit
$PYTHON "$SRCDIR/tests/check-svg.py" t.svg
