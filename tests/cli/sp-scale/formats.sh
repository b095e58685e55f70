#!/bin/sh
# The data formats, of two regions: JSON, NDJSON, CSV and TSV hold every
# curve, the whole run with a null (empty) region.
. "$CASEDIR/series.inc"
for f in json ndjson csv tsv; do
	echo "--format $f"
	"$SP_SCALE" --format $f -i amdahl calls.sps
done
