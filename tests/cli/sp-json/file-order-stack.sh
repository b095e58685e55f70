#!/bin/sh
# sp-read --order file: the header says "order": "file", a side item
# without rank lists the ranks to come, and each rank's rows come whole,
# by region, in batches of lane -1.  sp-stack refuses such a stream (see
# sp-stack/file-order); sp-json takes it.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0, 20], [10, 30]], ["y", [2], [5]]], "1": [["y", [1], [3]]]}}
EOF2
"$SP_READ" --order file in.h5 >f.sps || exit
$SP_ITEMS --kind header --kind side f.sps | sed "s/$SP_VERSION/VERSION/"
"$SP_DUMP" f.sps | grep -v '^side'
"$SP_JSON" f.sps >/dev/null && echo "sp-json: ok"
