#!/bin/sh
# Usage errors exit 2 with one line and a pointer to --help: an unknown
# option, bad values of --indent, --level and -S, --lines with --indent,
# two inputs.
for args in "--bogus" "--indent -1" "--indent x" "--level 0" "--level 10" \
    "-S 0" "-S 12Q" "--lines --indent 2" "a.sps b.sps" "--level"; do
	"$SP_JSON" $args </dev/null
	echo "exit $?"
done
