#!/bin/sh
# --sort delta (by |delta|, the default), pct (by |pct|, rows without one
# last), name; ties by name; --threshold drops rows whose |pct| is below
# it but keeps the rows without a percentage.
. "$CASEDIR/profiles.inc"
for args in "--sort delta" "--sort pct" "--sort name" "--threshold 10" \
    "--threshold 100% --sort pct"; do
	echo "sp-diff $args"
	"$SP_DIFF" $args --format tsv calls.sps
	echo "exit $?"
done
