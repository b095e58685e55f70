#!/bin/sh
# Sums of nanoseconds past 2^63 - 1: each call fits, but two ranks of a
# region of 4.8e18 ns each, or a region recursing into itself, add up to
# more than 64 signed bits hold.  Every view refuses the run with one
# line instead of wrapping (undefined behaviour, which the sanitizers'
# build reports); 3e18 ns twice still fits.
mk() {
	cat >p.json <<EOF2
{"format": "scope-profiler-profile", "format_version": 1,
 "time_unit": "nanoseconds", "num_ranks": 2, "event_data_available": true,
 "metadata": {}, "regions": [
 {"name": "main", "rank": 0, "start_times_ns": [-$1], "end_times_ns": [$1]},
 {"name": "main", "rank": 1, "start_times_ns": [-$2], "end_times_ns": [$2]},
 {"name": "f", "rank": 0, "start_times_ns": [-$3, -$4],
  "end_times_ns": [$3, $4]}]}
EOF2
	"$SP_READ" p.json | "$SP_STACK" >calls.sps
}
# main of 4.8e18 ns on two ranks; then f of 9.0e18 inside f of 8.8e18
for sizes in "2400000000000000000 2400000000000000000 10 5" \
    "4600000000000000000 1 4500000000000000000 4400000000000000000"; do
	mk $sizes
	for v in "" "--call-paths" "--by rank" "--by lane" "--format json" \
	    "--approx" "--call-paths --format csv"; do
		"$SP_STATS" $v calls.sps >/dev/null
		echo "$v: exit $?"
	done
done
mk 1500000000000000000 1500000000000000000 10 5
"$SP_STATS" --format csv --columns name,num_calls,total_duration calls.sps
