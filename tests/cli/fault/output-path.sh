#!/bin/sh
# An output name that cannot be a file: under a regular file (ENOTDIR),
# exit 1 with one line from every program; for the one-file outputs of
# sp-read and sp-stack, a name ending in "/" or an existing directory is a
# usage error (exit 2), found before any input is read, and makes no
# directory.  Nothing is left behind.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_READ" in.h5 in.h5 | "$SP_STACK" >two.sps || exit
echo x >file && mkdir dir || exit
try() {
	_label=$1
	shift
	"$@"
	echo "$_label: exit $?"
}
try "sp-read" "$SP_READ" -o file/out.sps in.h5
try "sp-read, parents" "$SP_READ" -o file/sub/out.sps in.h5
try "sp-stack" "$SP_STACK" -o file/out.sps in.sps
try "sp-pstats" "$SP_PSTATS" -o file/out.prof calls.sps
try "sp-speedscope" "$SP_SPEEDSCOPE" -o file/out.json calls.sps
try "sp-stats" "$SP_STATS" -o file/out.txt calls.sps
$SPGEN spec - two.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [60]], ["inner", [10], [30]]],
           "1": [["outer", [0], [50]], ["inner", [10], [20]]]}}
EOF2
"$SP_READ" in.h5 two.h5 | "$SP_STACK" >series.sps || exit
try "sp-scale" "$SP_SCALE" -o file/out.txt series.sps
try "sp-diff" "$SP_DIFF" -o file/out.txt two.sps
try "sp-report" "$SP_REPORT" -o file/out.html calls.sps
try "sp-flame" "$SP_FLAME" -o file/out.svg calls.sps
try "sp-flame --folded" "$SP_FLAME" --folded -o file/out calls.sps
try "sp-json" "$SP_JSON" -o file/out.json calls.sps
try "sp-json --lines" "$SP_JSON" --lines -o file/out.ndjson calls.sps
try "sp-trace" "$SP_TRACE" -o file/out.pftrace calls.sps
try "sp-read new/" "$SP_READ" -o new/ in.h5
try "sp-stack new/" "$SP_STACK" -o new/ in.sps
try "sp-read dir" "$SP_READ" -o dir in.h5
try "sp-stack dir" "$SP_STACK" -o dir in.sps
ls -A . dir
