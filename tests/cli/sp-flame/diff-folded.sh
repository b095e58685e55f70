#!/bin/sh
# --folded --diff writes difffolded.pl's two-count format, "path before
# after" in integer ns of self time, sorted by path: the lines equal what
# difffolded.pl's rules (tests/difffolded.py, written from
# doc/exports.md, "The two-count format") give for the two runs' own folded
# stacks, with and without -n (--normalize), sorted (diff-random.sh: the same
# on thousands of paths).
. "$CASEDIR/diff-runs.inc"
"$SP_FLAME" --folded --diff ba.sps >diff.folded || exit
cat diff.folded
"$SP_READ" before.h5 | "$SP_STACK" | "$SP_FLAME" --folded >before.folded &&
"$SP_READ" after.h5 | "$SP_STACK" | "$SP_FLAME" --folded >after.folded ||
    exit
$PYTHON "$SRCDIR/tests/difffolded.py" before.folded after.folded >want
cmp diff.folded want && echo "= difffolded.py before after"
# after runs 10 ms shorter: -n scales before by 90/100
$SPGEN spec - short.h5 <<'EOF2' || exit
{"ranks": {"0": [["main", [0], [90000000]], ["a", [0], [40000000]],
  ["b", [40000000], [47000000]]]}, "metadata": {"label": "short"}}
EOF2
"$SP_READ" before.h5 short.h5 | "$SP_STACK" >bs.sps || exit
"$SP_FLAME" --folded --diff --normalize bs.sps >norm.folded || exit
cat norm.folded
"$SP_READ" short.h5 | "$SP_STACK" | "$SP_FLAME" --folded >short.folded ||
    exit
$PYTHON "$SRCDIR/tests/difffolded.py" -n before.folded short.folded >want
cmp norm.folded want && echo "= difffolded.py -n before short"
