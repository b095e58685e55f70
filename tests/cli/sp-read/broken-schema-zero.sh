#!/bin/sh
# spgen broken schema-zero: root scope_profiler_schema = 0.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken schema-zero in.h5
"$SP_READ" in.h5 >out.sps
