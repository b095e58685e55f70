#!/bin/sh
# Bad option values are usage errors, named with what would do.
for d in 1.5 10min -1 ms 1e3 '' 9223372036854775808 10000000000s; do
	"$SP_SPEEDSCOPE" --min-duration "$d" x.sps
	echo "exit $?"
done
for s in 1.5 400T -1 '' 1.5k 18446744073709551616; do
	"$SP_SPEEDSCOPE" --max-size "$s" x.sps
	echo "exit $?"
done
"$SP_SPEEDSCOPE" --unit ms x.sps
echo "exit $?"
