#!/bin/sh
# doc/formats.md, "Native traces": a trace is in its writer's byte order, told
# by the version field (1 or 2 when read little-endian, else big-endian): the
# same trace written big-endian, in either version, gives the same calls (the
# run item differs in the file's name only).
for v in 1 2; do
	for o in little big; do
		$SPGEN spt - $o$v.spt <<EOF2 || exit
{"version": $v, "byteorder": "$o", "ranks": {"3": [
  ["main", [100], [900]], ["solve", [-5, 200, 500], [50, 400, 800]]]}}
EOF2
		"$SP_READ" $o$v.spt >$o$v.sps && "$SP_DUMP" $o$v.sps >$o$v.txt ||
		    exit
	done
	cmp little$v.txt big$v.txt && echo "version $v: big-endian reads the same"
done
cat big1.txt
