#!/bin/sh
# doc/exports.md, "Run labels and file names": one document per run; with
# several runs the slug of each run's label joins the stem of -o's name: a and
# "run two" (a metadata label) give profile_a.json and profile_run_two.json,
# and nothing is written under profile.json itself.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["x", [5], [50]]]}, "metadata": {"label": "run two"}}
EOF2
"$SP_READ" a.h5 b.h5 | "$SP_JSON" -o out/profile.json || exit
ls -A out
for f in out/*; do
	sed "s/sp@$SP_VERSION/sp@VERSION/" "$f"; echo
done
