#!/bin/sh
# doc/formats.md, "Native traces": a version-1 native trace, byte for byte the
# fixture native-v1.spt (rank 0, region "solve", starts 10, 20, 40, ends 15,
# 33, 55): one run "native_trace" of one rank, format spt, layout native, no
# source location; metadata {"source": "native", "trace_format_version": 2,
# "start_time_ns": 10} (11.1: always version 2, the earliest first start).
$SPGEN spt - solve.spt <<'EOF2' || exit
{"version": 1, "ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55]]]}}
EOF2
od -A d -t x1 solve.spt | head -3
"$SP_READ" solve.spt >in.sps && "$SP_DUMP" in.sps && $SP_ITEMS --kind run in.sps
