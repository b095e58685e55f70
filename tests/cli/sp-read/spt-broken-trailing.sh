#!/bin/sh
# doc/formats.md, "Native traces": the last record must end at the end of the
# file: "K trailing byte(s) after the last region", also for a file of no
# regions with bytes after its header; a negative region count is no regions
# (valid only for a file of exactly 24 bytes), as the reference reads it.
for k in trailing trailing-empty negative-regions; do
	$SPGEN spt-broken $k $k.spt || exit
	"$SP_READ" $k.spt >out.sps
	echo "$k: exit $?"
done
"$SP_DUMP" out.sps
