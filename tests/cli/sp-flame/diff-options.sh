#!/bin/sh
# The fills of the diff's frames (root, main, a, b, d, e; c has no width)
# under each option: --negate turns red and blue (before - after);
# --delta total colours by total time (main is 100 ms in both: grey);
# --min-delta 60 leaves changes of at most 60% of a frame's larger time
# grey (a: +20 of 40, 50%; b: -20 of 30, 67%); --before-widths draws the
# before run's widths (c appears, purple; e has none); --normalize scales
# the before run (same total here: no change).
. "$CASEDIR/diff-runs.inc"
for opts in "" "--negate" "--delta total" "--min-delta 60" \
    "--before-widths" "--normalize"; do
	# shellcheck disable=SC2086
	"$SP_FLAME" --diff $opts ba.sps >d.svg || exit
	echo "[$opts]"
	$PYTHON "$SRCDIR/tests/flame-tree.py" frames d.svg |
	    grep '^[0-9.]* [0-9.]* rgb' | cut -d' ' -f3-
	grep -o '<text class="sp_legend"[^>]*>[^<]*' d.svg | sed 's/.*>//'
done
