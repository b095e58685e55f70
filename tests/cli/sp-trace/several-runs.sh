#!/bin/sh
# doc/exports.md, "Run labels and file names": several runs give one trace
# each, the slug of the run's label joined to the stem of -o's file name; a
# name without a dot takes .pftrace (.trace.json for JSON); a directory,
# profile.pftrace.
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
$SPGEN spec - b.h5 <<'EOF2'
{"ranks": {"0": [["x", [5], [50]]]}, "metadata": {"label": "run two"}}
EOF2
"$SP_READ" a.h5 b.h5 | "$SP_STACK" >calls.sps || exit
"$SP_TRACE" -o out/t.pftrace calls.sps || exit
"$SP_TRACE" -f json -o out/t calls.sps || exit
"$SP_TRACE" -o out/all.json.gz calls.sps || exit
mkdir dir
"$SP_TRACE" -o dir calls.sps || exit
"$SP_READ" a.h5 | "$SP_STACK" | "$SP_TRACE" -o one || exit
ls -A out dir
ls one*
for f in out/t_a.pftrace out/t_run_two.pftrace; do
	$PYTHON "$SRCDIR/tests/trace/pftrace.py" "$f"
done
