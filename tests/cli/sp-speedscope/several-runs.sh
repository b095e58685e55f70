#!/bin/sh
# doc/exports.md, "Run labels and file names": several runs give one document
# each, the slug of the run's label joined to the stem of -o's file name: a and
# "run two" (a metadata label) give profile_a and profile_run_two.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
$SPGEN spec - b.h5 <<'EOF'
{"ranks": {"0": [["x", [5], [50]]]}, "metadata": {"label": "run two"}}
EOF
"$SP_READ" a.h5 b.h5 | "$SP_STACK" |
    "$SP_SPEEDSCOPE" -o out/profile.speedscope.json || exit
ls -A out
for f in out/*; do
	sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" "$f"; echo
done
