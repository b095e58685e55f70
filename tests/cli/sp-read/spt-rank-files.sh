#!/bin/sh
# doc/formats.md, "Native runs": the rank files of one run, given in any order,
# are one run: files sorted by path components (b/ before b-x.spt before
# b.spt), ranks from their headers (not the names), ranks ascending, regions
# named in order of first appearance over the sorted files; num_ranks counts
# the files.  The region order (ties) is sp's usual one, by earliest start.
mkdir b
$SPGEN spt - b/r.spt <<'EOF2' || exit
{"ranks": {"2": [["solve", [30], [40]], ["io", [41], [45]]]}}
EOF2
$SPGEN spt - b-x.spt <<'EOF2' || exit
{"ranks": {"0": [["init", [1], [5]], ["solve", [10], [20]]]}}
EOF2
$SPGEN spt - b.spt <<'EOF2' || exit
{"version": 1, "ranks": {"1": [["io", [7], [9]]]}}
EOF2
"$SP_READ" b.spt b-x.spt b/r.spt >a.sps && "$SP_DUMP" a.sps || exit
"$SP_READ" b/r.spt b.spt b-x.spt >b.sps && cmp a.sps b.sps &&
    echo "any order: the same run"
