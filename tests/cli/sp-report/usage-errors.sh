#!/bin/sh
# Usage errors, exit 2 each, with a pointer to --help: an empty output
# name, a bad rank or pattern, a zero buffer, two inputs, an unknown
# option, a missing argument.
for args in "-o ''" "-r 1-x" "-i '('" "-S 0" "a b" "--bogus" "-o"; do
	echo "sp-report $args"
	eval "\"\$SP_REPORT\" $args"
	echo "exit $?"
done
