#!/bin/sh
# Unsigned 64-bit metadata above 2^63 - 1 keeps its value (CBOR carries
# any uint64); h5py would give the same numpy.uint64.
$SPGEN spec - in.h5 <<'EOF'
{"metadata": {"u64": {"dtype": "u64", "value": 18446744073709551615},
              "big": {"dtype": "u64", "value": 9223372036854775808}},
 "ranks": {"0": [["x", [0], [1]]]}}
EOF
"$SP_READ" in.h5 >in.sps && $SP_ITEMS --kind run in.sps
