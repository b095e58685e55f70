#!/bin/sh
# --lines: NDJSON, one object per call as the calls arrive: run (its
# label), rank, lane, seq (the call's number in its lane), region,
# start_ns, end_ns, duration_ns.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]],
           "1": [["it's \"q\"", [5], [7]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" --lines
