#!/bin/sh
# doc/formats.md, "Native traces", per record: two records of one name in a
# file are one row, in the place of the first, with the later one's calls; a
# record of no calls is a row without calls (its region counts on the rank); a
# file of no records is a rank without rows, which counts in num_ranks (3).
$SPGEN spt-broken duplicate-name r0.spt || exit
$SPGEN spt - r1.spt <<'EOF2' || exit
{"ranks": {"1": [["outer", [5], [6]], ["idle", [], []]]}}
EOF2
$SPGEN spt - r2.spt <<'EOF2' || exit
{"ranks": {"2": []}}
EOF2
"$SP_READ" r0.spt r1.spt r2.spt >in.sps && "$SP_DUMP" in.sps
