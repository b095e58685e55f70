#!/bin/sh
# When a later file turns out damaged, the runs already written stay but
# the section gets no stream-end: consumers see a truncated stream.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
$SPGEN broken truncated bad.h5
"$SP_READ" in.h5 bad.h5 >in.sps
echo "sp-read exit $?"
"$SP_DUMP" in.sps
