#!/bin/sh
# Bad option values and combinations are usage errors (exit 2).
for args in "--threshold 1" "--threshold -0.1" "--threshold x" \
    "--width 0" "--width 12x" "--max-frames -1" "--lanes" "a b" \
    "--nope" "-o"; do
	# shellcheck disable=SC2086
	"$SP_FLAME" $args </dev/null
	echo "exit $?"
done
