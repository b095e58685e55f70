#!/bin/sh
# Usage errors, exit 2 each, with a pointer to --help: a bad format,
# metric, key or sort key (each naming the choices), a bad threshold or
# budget, a time budget for a metric that is not a time, --fail-on-new
# without a budget, the slowest rank of call paths, imbalance by rank,
# --call-paths with --by rank, both ways of splitting, a bad --before, a
# zero buffer, two inputs, an unknown option.
for args in "--format xml" "--metric median" "--by lane" "--sort size" \
    "--threshold x" "--threshold -1" "--max-regression fast" \
    "--max-regression -5%" "--max-regression 10ms --metric calls" \
    "--fail-on-new" "--call-paths --metric slowest" \
    "--by rank --metric imbalance" "--call-paths --by rank" \
    "--before 1 --before-label 'a*'" "--before 0" "--before x" "-S 0" \
    "a b" "--bogus"; do
	echo "sp-diff $args"
	eval "\"\$SP_DIFF\" $args"
	echo "exit $?"
done
