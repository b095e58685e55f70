#!/bin/sh
# --format json, ndjson, csv and tsv of one profile: json.dumps(indent=2)
# of summary()'s list with sp's keys after the reference's, one object a
# line, a header of keys with Python csv quoting (a name with a comma and
# a quote), tabs with \t escaped; tags of the lowest rank, a list joined
# by ';' in csv.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100], {"tags": ["t1", "t2"]}],
                 ["it's, \"x\"", [10], [40]], ["tab\there", [50], [60]]],
           "1": [["outer", [0], [300], {"tags": ["other"]}]]}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
for f in json ndjson csv tsv; do
	echo "--format $f"
	"$SP_STATS" --format $f calls.sps || echo "exit $?"
done
