#!/bin/sh
# A JSON profile whose rows cannot be calls is refused (exit 1), naming
# the row: columns of different lengths, a value that is no integer, two
# rows for one rank and region, a row without a name.
for rows in \
    '{"name": "x", "rank": 0, "start_times_ns": [1, 2], "end_times_ns": [3]}' \
    '{"name": "x", "rank": 0, "start_times_ns": [1.5], "end_times_ns": [3]}' \
    '{"name": "x", "rank": 0, "start_times_ns": [1], "end_times_ns": [3], "call_ids": [1, 2]}' \
    '{"name": "x", "rank": 0}, {"name": "x", "rank": 0}' \
    '{"rank": 0}' \
    '{"name": "x", "rank": -1}'; do
	echo "{\"format\": \"scope-profiler-profile\", \"regions\": [$rows]}" >doc.json
	"$SP_READ" doc.json >out.sps
	echo "exit $?"
done
