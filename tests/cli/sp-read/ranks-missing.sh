#!/bin/sh
# Ranks asked for that the profile lacks (no rows, no rank group) are said
# on stderr, one line per run, ranges joined; exit 0.  A rank whose rows
# the region filter leaves out is the profile's all the same; --shard says
# nothing (a shard beyond the profile's ranks is normal).
$SPGEN spec - in.h5 <<'JSON'
{"ranks": {"0": [["a", [0], [10]]], "1": [["b", [1], [2]]]}}
JSON
for args in "-r 0,3" "-r 0-9,20,4294967295" "-r 1 -i a" "-r 0,3 --shard" \
    "-r all" "-r 5-4"; do
	echo "== $args"
	"$SP_READ" $args in.h5 2>&1 >out.sps
	echo "exit $?"
done
