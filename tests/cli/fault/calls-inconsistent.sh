#!/bin/sh
# A call stream whose times contradict its nesting is refused alike by
# every exporter and every view, also by the fast walks of sp-stats' default
# table and entries: exit 1, the same one line after "PROGRAM: ", and no
# output.  Each stream is a real one with one value changed in place.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [1000], [1100]],
                 ["inner", [1010, 1050], [1030, 1085]]]}}
EOF2
"$SP_READ" a.h5 | "$SP_STACK" >calls.sps || exit
# patch FROM TO OUT: the one 8-byte little-endian value FROM made TO
patch() {
	"$PYTHON" - "$@" <<'EOF2' || exit
import struct, sys
old, new = (struct.pack("<q", int(v)) for v in sys.argv[1:3])
data = open("calls.sps", "rb").read()
assert data.count(old) == 1, sys.argv[1]
open(sys.argv[3], "wb").write(data.replace(old, new))
EOF2
}
patch 1085 1190 outside.sps	# inner [1050, 1190] in outer [1000, 1100]
patch 1010 1045 backwards.sps	# inner [1045, 1030]
patch 1050 1020 overlap.sps	# inner [1020, 1085] after [1010, 1030]
patch 1100 1110 past-run.sps	# outer [1000, 1110], the run's last 1100
patch 35 350 long-self.sps	# inner [1050, 1085], self 350
patch 45 50 wrong-self.sps	# outer: 100 - 20 - 35 is 45, not 50
patch 20 -5 negative-self.sps	# inner [1010, 1030], self -5

each() {
	in=$1
	: >all.err
	rm -rf out && mkdir out || exit
	for args in "sp-stats" "sp-stats --format json" "sp-stats --by rank" \
	    "sp-stats --by lane" "sp-stats --call-paths" "sp-stats --approx" \
	    "sp-stats --format csv -i inner" "sp-trace" "sp-trace --align start" \
	    "sp-pstats" "sp-speedscope" "sp-flame" "sp-flame --interactive" \
	    "sp-flame --folded" "sp-json" "sp-json --lines" "sp-report"; do
		prog=${args%% *}
		var=$(echo "$prog" | tr 'a-z-' 'A-Z_')
		eval "exe=\$$var"
		# shellcheck disable=SC2086
		"$exe" ${args#"$prog"} -o out/o "$in" 2>err
		echo "$args: exit $?" >>rc
		sed "s/^$prog: //" err >>all.err
	done
	"$SP_PSTATS" --print "$in" >/dev/null 2>err
	echo "sp-pstats --print: exit $?" >>rc
	sed "s/^sp-pstats: //" err >>all.err
	# the differential graph and the comparison: the broken run after or
	# before a good one
	cat calls.sps "$in" >after.sps
	cat "$in" calls.sps >before.sps
	for args in "sp-flame --diff" "sp-diff" "sp-diff --metric p95"; do
		prog=${args%% *}
		var=$(echo "$prog" | tr 'a-z-' 'A-Z_')
		eval "exe=\$$var"
		for two in after before; do
			# shellcheck disable=SC2086
			"$exe" ${args#"$prog"} -o out/o $two.sps 2>err
			echo "$args: exit $?" >>rc
			sed "s/^$prog: $two.sps: /$in: /" err >>all.err
		done
	done
	echo "exit 1: $(grep -c ': exit 1$' rc) runs of $(wc -l <rc)"
	grep -v ': exit 1$' rc
	sort all.err | uniq -c | sed 's/^ *//'
	echo "left in out/: $(ls -A out)"
	rm -f rc
}

for s in outside backwards overlap past-run long-self wrong-self \
    negative-self; do
	echo "== $s"
	each $s.sps
done
