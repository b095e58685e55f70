#!/bin/sh
# A profile given to an exporter instead of a stream: an HDF5 file, a
# JSON profile (plain, gzipped, indented), each named with the pipeline
# that reads it, its file quoted for a shell when it needs it (on
# standard input, the file is not known).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" -o prof.json || exit
"$SP_READ" in.h5 | "$SP_JSON" --indent 2 -o indented.json || exit
gzip -c prof.json >prof.json.gz
cp in.h5 "my run.h5"
for f in in.h5 prof.json indented.json prof.json.gz "my run.h5"; do
	"$SP_FLAME" -o flame.svg "$f"
	echo "exit $?"
done
"$SP_FLAME" -o flame.svg <prof.json; echo "exit $?"
"$SP_PSTATS" -o p.prof prof.json; echo "exit $?"
"$SP_PSTATS" --print prof.json; echo "exit $?"
"$SP_STACK" prof.json; echo "exit $?"
ls
