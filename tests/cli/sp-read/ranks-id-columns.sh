#!/bin/sh
# An id column holding nothing but -1 in the whole file is treated as
# absent (h5-format 4.8), decided over the whole file: rank 1 has only a
# root (parent id -1), but rank 0 has a parent id, so rank 1 read alone,
# or with a filter that leaves rank 0's child out, keeps its parent ids as
# when it is read with rank 0.  A file whose call and parent ids are all
# -1 has none, with -r as without.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10], {"call_ids": [0], "parent_ids": [-1]}],
                 ["b", [2], [5], {"call_ids": [1], "parent_ids": [0]}]],
           "1": [["a", [0], [10], {"call_ids": [0], "parent_ids": [-1]}]]}}
EOF2
$SPGEN spec - none.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10], {"call_ids": [-1], "parent_ids": [-1]}]],
           "1": [["a", [0], [10], {"call_ids": [-1], "parent_ids": [-1]}]]}}
EOF2
rows() {
	"$SP_READ" "$@" >s.sps && "$SP_DUMP" s.sps | grep -E '^(rank|  row)'
}
echo "== in.h5"; rows in.h5
echo "== in.h5 -r 1"; rows -r 1 in.h5
echo "== in.h5 -x b"; rows -x b in.h5
echo "== none.h5 -r 1"; rows -r 1 none.h5
