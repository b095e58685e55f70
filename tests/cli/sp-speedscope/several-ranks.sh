#!/bin/sh
# doc/exports.md, "speedscope profiles": two ranks give one document with
# profiles "rank 0" and "rank 1" sharing one frame table; the origin is the
# earliest call of the document (rank 1's here), so rank 0 starts after 0.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [500], [900]], ["solve", [600], [800]]],
           "1": [["main", [100], [1000]], ["setup", [150], [200]], ["solve", [300], [700]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
