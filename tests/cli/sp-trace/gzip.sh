#!/bin/sh
# A name ending in .gz is written gzip-compressed (members of a MiB each,
# mtime 0, as Python's gzip writes it) that hold the plain trace, in both
# formats; --level changes the compression only.
$SPGEN synth in.h5 --calls 2000 --ranks 2 --seed 2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
for f in pftrace json; do
	"$SP_TRACE" -o t.$f calls.sps || exit
	"$SP_TRACE" -o t.$f.gz calls.sps || exit
	"$SP_TRACE" --level 1 -o fast.$f.gz calls.sps || exit
	gzip -dc t.$f.gz | cmp - t.$f && gzip -dc fast.$f.gz | cmp - t.$f &&
	    echo "$f: the same trace inside"
	od -An -tx1 -N10 t.$f.gz
done
