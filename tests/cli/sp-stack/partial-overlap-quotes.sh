#!/bin/sh
# Names in the overlap message are quoted as Python repr does: double quotes
# for a name with ' only, escapes for one with both quotes and a tab.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["it's", [0], [50]], ["say \"it's\"\t", [10], [200]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps
