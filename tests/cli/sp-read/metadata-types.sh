#!/bin/sh
# Metadata attributes of every type, as the run item carries them (shown
# with sp-items): strings, integers of any width and byte order, floats,
# the h5py bool enum, string and number arrays, empty arrays.
$SPGEN spec - in.h5 <<'EOF'
{"metadata": {"s": "text", "i": 42, "neg": -7, "f": 2.5, "t": true, "fa": false,
  "strs": ["gcc/12", "mpi"], "none": [], "ints": [1, 2, 3], "floats": [0.5, 1.5],
  "i32": {"dtype": "i32", "value": -3}, "u8": {"dtype": "u8", "value": 255},
  "u64": {"dtype": "u64", "value": 9223372036854775807}, "i64min": {"dtype": "i64", "value": -9223372036854775808},
  "f32": {"dtype": "f32", "value": 0.25}, "be": {"dtype": ">i8", "value": 42},
  "ascii": {"dtype": "ascii", "value": "old"}, "fixed": {"dtype": "fixed", "value": "pad"},
  "unicode": "φ 日本", "mpi_size": 1},
 "ranks": {"0": [["x", [0], [1]]]}}
EOF
"$SP_READ" in.h5 >in.sps && $SP_ITEMS --kind run in.sps
