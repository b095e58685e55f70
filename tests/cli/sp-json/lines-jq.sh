#!/bin/sh
# The jq recipes of sp-json(1) EXAMPLES and README: the slowest calls, the time
# per region, and a streaming select (skipped without jq).
command -v jq >/dev/null || { echo "SKIP: no jq"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [1000]], ["solve", [10, 400], [300, 900]], ["io", [950], [990]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_JSON" --lines >calls.ndjson || exit
echo "slowest:"
jq -s -c 'sort_by(-.duration_ns) | .[:3][] | {region, rank, duration_ns}' calls.ndjson
echo "per region:"
jq -s -c 'group_by(.region) | map({region: .[0].region, calls: length,
    total_ns: (map(.duration_ns) | add), self_ns: (map(.self_ns) | add)})
    | sort_by(-.total_ns)[]' calls.ndjson
echo "solve over 400 ns, streaming:"
"$SP_READ" in.h5 | "$SP_JSON" --lines |
    jq -c 'select(.region == "solve" and .duration_ns > 400) | {region, start_ns, duration_ns}'
