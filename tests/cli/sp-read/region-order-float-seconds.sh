#!/bin/sh
# The reference compares (min start ns)/1e9 as floats: at 1e18 ns the
# starts of A (..010) and B (..005) are the same double, so the stable sort
# keeps write order and A stays first although B starts 5 ns earlier.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["A", [1000000000000000010], [1000000000000000020]],
                 ["B", [1000000000000000010], [1000000000000000020]]],
           "1": [["B", [1000000000000000005], [1000000000000000006]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
