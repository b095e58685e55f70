#!/bin/sh
# spgen broken schema-string: root scope_profiler_schema = "2" (vstr).
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken schema-string in.h5
"$SP_READ" in.h5 >out.sps
