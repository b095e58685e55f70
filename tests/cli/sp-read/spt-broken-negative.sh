#!/bin/sh
# doc/formats.md, "Native traces": a negative name length, source path length
# or call count, which the reference reads on with (moving its position
# backwards, then failing with a meaningless message), is refused as a damaged
# trace at the byte of the bad field (sp-read(1) STANDARDS).
for k in negative-name negative-source negative-count; do
	$SPGEN spt-broken $k $k.spt || exit
	"$SP_READ" $k.spt >out.sps
	echo "$k: exit $?"
done
