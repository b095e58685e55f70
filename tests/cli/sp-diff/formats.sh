#!/bin/sh
# The formats: JSON (one document), NDJSON (a row a line), CSV and TSV
# (empty cells for none), Markdown (with and without the gate).
. "$CASEDIR/profiles.inc"
for f in json ndjson csv tsv markdown; do
	echo "--format $f"
	"$SP_DIFF" --format $f calls.sps
	echo "exit $?"
done
"$SP_DIFF" --format markdown --max-regression 10% calls.sps
echo "exit $?"
