#!/bin/sh
# A region name holding a NUL character (\u0000, legal in JSON) is
# refused with one line: sp's region names, as HDF5's, are C strings, and
# cutting the name there would merge distinct regions ("a\u0000b" and
# "a") silently.  A NUL elsewhere (metadata) is kept.
for name in 'a\u0000b' '\u0000' 'ok'; do
	printf '%s' '{"format": "scope-profiler-profile", "format_version": 1,
 "metadata": {"k": "x\u0000y"}, "regions": [{"name": "a", "rank": 0,
 "start_times_ns": [1], "end_times_ns": [2]}, {"name": "'"$name"'",
 "rank": 0, "start_times_ns": [3], "end_times_ns": [4]}]}' >p.json
	"$SP_READ" p.json >p.sps
	echo "$name: exit $?"
done
