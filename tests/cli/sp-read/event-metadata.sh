#!/bin/sh
# Per-call event_metadata (schema 3, newest writer) is carried per row as
# its JSON text.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["step", [0, 10], [5, 15], {"event_metadata": [{"iteration": 0}, {"status": "error", "exception": "ValueError('x')"}]}],
                 ["other", [20], [30]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
