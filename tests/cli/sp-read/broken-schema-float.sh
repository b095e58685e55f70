#!/bin/sh
# spgen broken schema-float: root scope_profiler_schema = 2.0 (f64).
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken schema-float in.h5
"$SP_READ" in.h5 >out.sps
