#!/bin/sh
# Usage errors: exit 2, one line and the pointer to --help.
for args in "--plot weak" "--weak --plot speedup" "--work w" \
    "--plot-data" "--format svg --plot-data" "--measure mean" \
    "--format yaml" "--x ''" "--top 0" "--plot" "--nope" "a b"; do
	echo "sp-scale $args"
	eval "\"\$SP_SCALE\" $args" </dev/null
	echo "exit $?"
done
