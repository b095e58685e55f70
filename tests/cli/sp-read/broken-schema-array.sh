#!/bin/sh
# spgen broken schema-array: root scope_profiler_schema = [3].
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken schema-array in.h5
"$SP_READ" in.h5 >out.sps
