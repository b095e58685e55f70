#!/bin/sh
# --diff needs exactly two runs (before, after): one run, or a third, is a
# usage error (exit 2) that names the input, and leaves no file; options
# of the diff and of the interactive graph are usage errors without them,
# and so are the static graph's --gaps and --no-call-paths with them.
. "$CASEDIR/diff-runs.inc"
"$SP_READ" before.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" before.h5 after.h5 before.h5 | "$SP_STACK" >three.sps || exit
"$SP_FLAME" --diff -o out/d.svg one.sps
echo "exit $?"
"$SP_FLAME" --diff -o out/d.svg three.sps
echo "exit $?"
ls -A out 2>/dev/null
for args in "--negate" "--normalize" "--delta total" "--min-delta 5" \
    "--before-widths" "--diff --delta both" "--diff --min-delta 101" \
    "--diff --min-delta x" "--diff --folded --negate" "--max-nodes 5" \
    "--merge-ranks" "--diff --gaps" "--interactive --no-call-paths" \
    "--interactive --max-nodes -1"; do
	# shellcheck disable=SC2086
	"$SP_FLAME" $args ba.sps >/dev/null
	echo "exit $?"
done
