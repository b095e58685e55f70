#!/bin/sh
# An interval stream, straight from sp-read, lacks the call stack: a
# usage error that names the fix, and no trace.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]]]}}
EOF2
"$SP_READ" in.h5 >in.sps || exit
"$SP_TRACE" -o t.pftrace in.sps
echo "exit $?"
ls
