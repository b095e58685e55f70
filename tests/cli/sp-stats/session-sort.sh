#!/bin/sh
# The session total S is the first session row in the order shown: with a
# sort key, the largest; tree glyphs kept on the flat order (doc/stats.md,
# "Sorted rows keep their glyphs"); rows without timing show "-" and their
# note.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["scope_profiler.session", [0], [100]], ["a", [10], [60]],
                 ["b", [20], [30]]],
           "1": [["scope_profiler.session", [0], [50]], ["none", [], []]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --sort total calls.sps | grep -v "^  │   "
