#!/bin/sh
# --window at every boundary.  The run starts at its start_time_ns, 100:
# a [100, 200] holds b [120, 150], which holds c [120, 150] (as long), d
# [150, 150] (no length) is at b's end, e [200, 200] at a's end, f [200,
# 300] follows.  The window is [START, END): a call with time in it is
# kept (start < END, end > START), one of no length when START <= start <
# END; kept calls are clipped, and c stays inside b when clipping makes
# them equal to a as well.  --window-inside keeps only what lies wholly
# inside, unclipped.  Each window's run line (span and window) and its
# stacked calls, as sp-json --lines writes them.
$SPGEN spec - in.h5 <<'JSON' || exit
{"metadata": {"start_time_ns": 100, "mpi_size": 1},
 "ranks": {"0": [["a", [100], [200]], ["b", [120], [150]],
                 ["c", [120], [150]], ["d", [150], [150]],
                 ["e", [200], [200]], ["f", [200], [300]]]}}
JSON
for w in 20ns:50ns @120:@150 @121:@150 @150:@151 @149:@150 100ns:101ns \
    100ns: :20ns :21ns 0:1s -1us:0.1us 200ns:1s 1ns:2ns \
    "20ns:50ns --window-inside" "@120:@150 --window-inside" \
    "@150:@200 --window-inside" "@100:@200 --window-inside"; do
	echo "== --window $w"
	"$SP_READ" --window $w in.h5 >w.sps || echo "exit $?"
	"$SP_DUMP" w.sps | grep '^run '
	"$SP_STACK" w.sps | "$SP_JSON" --lines |
	    sed 's/"run":"in","rank":0,"lane":-1,//'
done
