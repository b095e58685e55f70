#!/bin/sh
# Lossless for metadata of every type (doc/exports.md, "Metadata values"):
# strings, integers of any width up to u64, floats, booleans, string and number
# arrays, empty arrays, non-ASCII text, in the order the profile holds them.
$SPGEN spec - in.h5 <<'EOF2'
{"metadata": {"s": "text", "i": 42, "neg": -7, "f": 2.5, "t": true, "fa": false,
  "strs": ["gcc/12", "mpi"], "none": [], "ints": [1, 2, 3], "floats": [0.5, 1.5],
  "i32": {"dtype": "i32", "value": -3}, "u8": {"dtype": "u8", "value": 255},
  "u64": {"dtype": "u64", "value": 18446744073709551615}, "i64min": {"dtype": "i64", "value": -9223372036854775808},
  "f32": {"dtype": "f32", "value": 0.25}, "big": 1e300, "tiny": 5e-324,
  "unicode": "φ 日本", "mpi_size": 1, "label": "meta run"},
 "ranks": {"0": [["x", [0], [1]]]}}
EOF2
. "$CASEDIR/lossless.inc"
lossless
"$PYTHON" -c 'import json, sys
print(json.dumps(json.load(open(sys.argv[1]))["metadata"]))' in.json
