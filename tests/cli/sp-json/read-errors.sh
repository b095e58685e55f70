#!/bin/sh
# doc/formats.md, "JSON profiles": what is not a profile, or a newer one, is
# refused with scope-profiler's JSONProfileError messages adapted (exit 1):
# content that is no object, another "format", a format_version above 1 (also
# as text); and so is JSON that does not parse, with the byte where it stops.
echo '[1, 2]' >list.json
echo '{"format": "speedscope", "regions": []}' >other.json
echo '{"regions": [], "format": "scope-profiler-profile", "format_version": 99}' >v99.json
echo '{"format": "scope-profiler-profile", "format_version": "2"}' >v2.json
printf '{"format": "scope-profiler-profile", "regions": [{"name": "x", ' >cut.json
echo 'garbage' >garbage.json
for f in list.json other.json v99.json v2.json cut.json garbage.json; do
	"$SP_READ" "$f" >out.sps
	echo "exit $?"
done
