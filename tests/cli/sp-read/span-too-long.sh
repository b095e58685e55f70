#!/bin/sh
# Times more than 2^63 - 1 ns apart cannot be subtracted in 64 bits: a
# profile whose calls span that much is refused as it is read, with one
# line, whether one call or two far apart make the span; and a stream
# whose run item claims such a span is refused by every reader, so that
# a hand-made one cannot bring it to an exporter (sp-trace once computed
# -9e18 - 9e18 on it, which the sanitizers' build reports).
for calls in '[-9000000000000000000], [9000000000000000000]' \
    \
    '[-9000000000000000000, 8000000000000000000], [-8000000000000000000, 9000000000000000000]'
do
	cat >far.json <<EOF2
{"format": "scope-profiler-profile", "format_version": 1,
 "time_unit": "nanoseconds", "num_ranks": 1, "event_data_available": true,
 "metadata": {}, "regions": [{"name": "far", "rank": 0,
 "start_times_ns": ${calls%%, \[*}, "end_times_ns": [${calls#*, \[}}]}
EOF2
	"$SP_READ" far.json >far.sps && "$SP_STACK" far.sps >farc.sps &&
	    "$SP_TRACE" -o t.json farc.sps
	echo "exit $?"
done
# the widest span that fits: INT64_MAX ns
cat >edge.json <<'EOF2'
{"format": "scope-profiler-profile", "format_version": 1,
 "time_unit": "nanoseconds", "num_ranks": 1, "event_data_available": true,
 "metadata": {}, "regions": [{"name": "far", "rank": 0,
 "start_times_ns": [-1, 0], "end_times_ns": [0, 9223372036854775806]}]}
EOF2
"$SP_READ" edge.json | "$SP_STACK" | "$SP_STATS" --format csv
echo "exit $?"
# a stream whose run item says its calls begin at -2^63 and end at 1100
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [1000], [1100]]]}}
EOF2
"$SP_READ" a.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
for s in in calls; do
	"$PYTHON" - $s.sps far-$s.sps <<'EOF2' || exit
import struct, sys
data = open(sys.argv[1], "rb").read()
old = b"\x68first_ns\x19\x03\xe8"
new = b"\x68first_ns\x3b" + struct.pack(">Q", 2**63 - 1)
assert data.count(old) == 1
open(sys.argv[2], "wb").write(data.replace(old, new))
EOF2
done
"$SP_STACK" far-in.sps >/dev/null
echo "sp-stack: exit $?"
for p in "$SP_STATS" "$SP_TRACE" "$SP_PSTATS --print" "$SP_FLAME" "$SP_JSON"; do
	$p far-calls.sps >/dev/null
	echo "$(basename "${p%% *}"): exit $?"
done
