#!/bin/sh
# Usage errors, exit 2 each, with a pointer to --help: no output chosen
# (the reference requires -o too), a bad --sort key or --top count, --sort
# or --top without --print, --print with -o, --root with --no-root, two
# inputs, an unknown option, a missing argument, an empty -o.
for args in "" "--print --sort time" "--print --top -1" "--print --top x" \
    "-o p.prof --sort name" "-o p.prof --top 3" "--print -o p.prof" \
    "-o p.prof --root x --no-root" "-o p.prof a b" "-o p.prof --bogus" \
    "-o p.prof -Z" "-o"; do
	echo "sp-pstats $args"
	"$SP_PSTATS" $args
	echo "exit $?"
done
"$SP_PSTATS" -o ''
echo "exit $?"
