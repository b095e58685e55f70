#!/bin/sh
# Region names that are not UTF-8 (an HDF5 name is bytes: 0xff 0xfe, an
# encoded surrogate ED A0 80, a cut two-byte character): Perfetto's
# strings must be UTF-8, so each byte that starts no character is
# U+FFFD in the protobuf; the JSON trace escapes them as sp-json does.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["ok \u00e9", [0], [100]], ["bad\udcff\udcfe", [10], [20]],
  ["\ud800 cut\udcc3", [30], [40]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" -o t.pftrace calls.sps || exit
$PYTHON "$SRCDIR/tests/trace/pftrace.py" --slices t.pftrace
"$SP_TRACE" -o t.json calls.sps || exit
$PYTHON -c 'import json
for e in json.load(open("t.json"))["traceEvents"]:
    if e["ph"] == "X":
        print(ascii(e["name"]))'
