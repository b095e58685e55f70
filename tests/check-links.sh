#!/bin/sh
# check-links.sh - each program links only the libraries of what it does
# (lib/README.md): HDF5 and YAJL only sp-read, which reads HDF5 and JSON
# profiles; zlib only sp-read (.json.gz in); libdeflate only the programs
# that write gzip (stream/sp_gzout).  Checked on the programs' own dynamic section
# (readelf -d, the NEEDED entries: what the link added, not what those
# libraries bring), so that a part of libsp linked where it does not
# belong shows.
#
# usage: tests/check-links.sh PROGRAM...
set -u

# program: the libraries among deflate, hdf5, yajl and z that it links
expect() {
	case $1 in
	sp-read) echo "hdf5 yajl z" ;;
	sp-json | sp-trace) echo "deflate" ;;
	*) echo "" ;;
	esac
}

if ! command -v readelf >/dev/null 2>&1; then
	if [ -n "${SP_REQUIRE_ALL:-}" ]; then
		echo "FAIL: no readelf (binutils), and SP_REQUIRE_ALL is set"
		exit 1
	fi
	echo "SKIP: no readelf (binutils)"
	exit 77
fi
bad=0
for p in "$@"; do
	name=$(basename "$p")
	if ! dyn=$(readelf -d "$p" 2>&1); then
		echo "FAIL: $name: readelf: $dyn"
		bad=1
		continue
	fi
	libs=$(echo "$dyn" | sed -n 's/.*Shared library: \[lib\([a-z0-9]*\)[^]]*\].*/\1/p' |
	    grep -x -e deflate -e hdf5 -e hdf5_serial -e yajl -e z | sed 's/hdf5_serial/hdf5/' |
	    sort | tr '\n' ' ' | sed 's/ $//')
	want=$(expect "$name")
	if [ "$libs" = "$want" ]; then
		echo "ok: $name links ${want:-none of deflate, hdf5, yajl, z}"
	else
		echo "FAIL: $name links '$libs', expected '$want'"
		bad=1
	fi
done
exit $bad
