#!/bin/sh
# --align on a run of the aggregate layout, whose ranks have rows but no
# calls: every rank's spool is empty, and replaying it touches no memory
# it never had (no offset added to a null pointer, which the sanitizers'
# build reports).  The run has no trace, as without --align.
$SPGEN spec - in.h5 <<'EOF2'
{"layout": "aggregate",
 "ranks": {"0": [{"name": "solve", "aggregate": {"count": 3, "total": 33,
                  "minimum": 5, "maximum": 15, "exclusive": 20}}],
           "1": [["outer", [0], [100]], ["inner", [10, 50], [40, 90]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
for align in none start solve; do
	"$SP_TRACE" --align $align -o t.pftrace calls.sps
	echo "--align $align: exit $?"
	"$SP_TRACE" --align $align -f json -o t.json calls.sps
	echo "--align $align -f json: exit $?"
done
ls
