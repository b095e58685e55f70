#!/bin/sh
# --window works the same on every input: HDF5, a JSON profile and .spt
# rank files (whose run starts at their smallest first call, doc/formats.md,
# "Native runs"), in time order; and in file order, where sp-json writes each
# row's kept calls, clipped, and the row's count of them, without the summary
# statistics of all its calls.  The stream through sp-stack keeps the run's
# window (sp-stream(5) 1.1).
$SPGEN spec - in.h5 <<'JSON' || exit
{"summary_statistics": true, "metadata": {"start_time_ns": 10, "mpi_size": 1},
 "ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55]]]}}
JSON
$SPGEN spt - r0.spt <<'JSON' || exit
{"ranks": {"0": [["solve", [10, 20, 40], [15, 33, 55]]]}}
JSON
"$SP_READ" in.h5 | "$SP_JSON" -o in.json || exit
for f in in.h5 in.json r0.spt; do
	echo "== $f"
	"$SP_READ" --window 12ns:35ns $f | "$SP_STACK" | "$SP_DUMP" |
	    grep -v '^regions' | sed 's/ label=[^ ]* / /; s/ format=[^ ]* / /;
	    s/ layout=.*ranks=/ ranks=/; s/ metadata=[0-9]*B//'
done
echo "== --order file"
"$SP_READ" --order file --window 12ns:35ns in.h5 | "$SP_JSON" |
    /usr/bin/python3 -c 'import json, sys
d = json.load(sys.stdin)
for r in d["regions"]:
    print(json.dumps(r, sort_keys=True))'
echo "== --order file --window-inside"
"$SP_READ" --order file --window 5ns:35ns --window-inside in.h5 |
    "$SP_JSON" --lines
