#!/bin/sh
# spgen broken schema-future: root scope_profiler_schema = 99.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken schema-future in.h5
"$SP_READ" in.h5 >out.sps
