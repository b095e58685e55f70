#!/bin/sh
# Aggregate layout: rows carry count/total/min/max/exclusive and there are
# no calls, so no batches and no span.
$SPGEN spec - in.h5 <<'EOF'
{"layout": "aggregate", "ranks": {
  "0": [{"name": "solve", "aggregate": {"count": 3, "total": 33, "minimum": 5, "maximum": 15, "exclusive": 20}}],
  "1": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
