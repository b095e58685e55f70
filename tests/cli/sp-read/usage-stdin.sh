#!/bin/sh
# An HDF5 profile needs random access: one on standard input ('-') is a
# usage error.  (A JSON profile may come on standard input.)
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["solve", [10], [15]]]}}
EOF2
"$SP_READ" - <in.h5 >out.sps
