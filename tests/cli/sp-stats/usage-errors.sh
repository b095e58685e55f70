#!/bin/sh
# Usage errors, exit 2 each, with a pointer to --help: a bad format, view
# or percent mode (each naming the choices), a bad count of regions or
# depth, --max-depth off the tree (records by region, rank or lane have no
# depth), an unknown column (the reference's message), no column, a bad
# sort key, rank sorts for a view without ranks, columns for JSON, a record
# key that does not exist, a bad rank or pattern, a zero buffer, two
# inputs, an unknown option.
for args in "--format xml" "--by host" "--percent all" "--top x" \
    "--top -1" "--max-depth x" "--max-depth 1 --format json" \
    "--max-depth 1 --by rank" \
    "--columns region,foo" "--columns ''" "--sort bogus" "--sort rank" \
    "--format json --columns name" "--format csv --columns name,bogus" \
    "--by rank --sort bogus" "-r 1-x" "-i '('" "-S 0" "a b" "--bogus"; do
	echo "sp-stats $args"
	eval "\"\$SP_STATS\" $args"
	echo "exit $?"
done
