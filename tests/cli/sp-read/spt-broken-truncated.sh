#!/bin/sh
# doc/formats.md, "Native traces": a trace cut short is "truncated", with
# numpy's words for what ran past the end: an integer or timestamp array
# starting past the end gives "offset must be non-negative and no greater than
# buffer length (SIZE)", one starting before it but lacking bytes "buffer is
# smaller than requested size"; a name cut by the end is shortened, and the
# next integer fails (native-v2.spt cut to 30 bytes: the offset text, 30); a
# name that is not UTF-8, also one cut inside a character, gives Python's
# decoder message.  Nothing is written.
for k in cut-count cut-name cut-times name-not-utf8 name-cut-utf8; do
	$SPGEN spt-broken $k $k.spt || exit
	"$SP_READ" $k.spt >out.sps
	echo "$k: exit $?, $(wc -c <out.sps) bytes written"
done
