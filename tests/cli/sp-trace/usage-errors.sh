#!/bin/sh
# Bad option values are usage errors, named with what would do; so is a
# second input.
for a in "--format pb" "--align region:" "--align=" "--level 0" "--level x" \
    "--min-duration 1min" "--max-size 1T" "-S 0" "-S x" "-o="; do
	# shellcheck disable=SC2086
	"$SP_TRACE" $a x.sps
	echo "exit $?"
done
"$SP_TRACE" a.sps b.sps
echo "exit $?"
"$SP_TRACE" --nope
echo "exit $?"
"$SP_TRACE" -o
echo "exit $?"
