#!/bin/sh
# A real profile without calls (schema attribute, empty region table) still
# reads as an empty run, exit 0; so does an unversioned schema-1 file (no
# attribute) that has its metadata.
$SPGEN spec - in.h5 <<'JSON'
{"ranks": {}}
JSON
"$SP_READ" in.h5 | "$SP_DUMP"
$SPGEN spec - s1.h5 <<'JSON'
{"schema": 0, "ranks": {"0": []}}
JSON
"$SP_READ" s1.h5 | "$SP_DUMP"
