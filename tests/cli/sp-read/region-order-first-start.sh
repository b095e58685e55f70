#!/bin/sh
# Region order is a stable sort by each region's earliest start over all
# ranks: 'late' is written first but 'early' starts first on rank 1, so on
# rank 0 the identical calls come out early, late (region order breaks the tie).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["late", [100], [200]], ["early", [100], [200]]],
           "1": [["early", [50], [60]]]}}
EOF
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
