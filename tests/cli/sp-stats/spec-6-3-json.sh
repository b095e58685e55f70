#!/bin/sh
# doc/stats.md, "Example: a session on two ranks": summary()'s record of io:
# pooled [0.00025, 0.5, 1, 1], p50 between 0.5 and 1 at g = 0.5 (0.75), p95 at
# v = 2.85 (1.0), the imbalance 2.5 / 1.250125 (1.9998000199980004).
. "$CASEDIR/spec.inc"
spec_6_3 native_trace && calls native_trace || exit
"$SP_STATS" --format json calls.sps | sed -n '/"name": "io"/,/^  }/p'
