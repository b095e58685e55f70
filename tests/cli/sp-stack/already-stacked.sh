#!/bin/sh
# A call stream given again: one line saying so, exit 1.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_STACK" calls.sps >again.sps 2>err.txt
rc=$?
# the message names the producer with its version
sed "s/ $SP_VERSION)\$/ VERSION)/" err.txt >&2
exit $rc
