#!/bin/sh
# A run without its regions item (sp-stream(5): run, regions, ..., run-end)
# is refused by every reader of the stream, intervals or calls: exit 1, one
# line, no output.  The streams are real ones, of a run without calls,
# with the regions and rank items cut out.
$SPGEN spec - e.h5 <<'EOF2'
{"ranks": {"0": [["x", [], []]]}}
EOF2
"$SP_READ" e.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
# cut IN OUT: IN without the bytes from its regions item to its run-end
cut() {
	"$PYTHON" - "$@" <<'EOF2' || exit
import sys
data = open(sys.argv[1], "rb").read()
a, b = data.index(b"\x82\x67regions"), data.index(b"\x82\x67run-end")
open(sys.argv[2], "wb").write(data[:a] + data[b:])
EOF2
}
cut in.sps in-bare.sps
cut calls.sps calls-bare.sps
# two runs for sp-diff: the bare one after or before a whole one
cat calls.sps calls-bare.sps >bare-after.sps
cat calls-bare.sps calls.sps >bare-before.sps
# each ARGS...: the program and options of each ARGS read $in
each() {
	rm -rf out && mkdir out || exit
	for args in "$@"; do
		prog=${args%% *}
		var=$(echo "$prog" | tr 'a-z-' 'A-Z_')
		eval "exe=\$$var"
		# shellcheck disable=SC2086
		"$exe" ${args#"$prog"} -o out/o "$in"
		echo "$args $in: exit $?"
	done
	echo "left in out/: $(ls -A out)"
}
in=in-bare.sps
each "sp-stack" "sp-json" "sp-json --lines"
in=calls-bare.sps
each "sp-stats" "sp-stats --format json" "sp-scale" "sp-trace" "sp-pstats" \
    "sp-speedscope" "sp-flame" "sp-flame --interactive" "sp-json" \
    "sp-json --lines" "sp-report"
for in in bare-after.sps bare-before.sps; do
	each "sp-diff" "sp-diff --format json"
done
