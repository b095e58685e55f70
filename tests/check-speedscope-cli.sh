#!/bin/sh
# check-speedscope-cli.sh - validate the documents sp-speedscope writes in
# its golden CLI cases against speedscope's published schema.
#
# usage: tests/check-speedscope-cli.sh BUILDDIR CASEDIR
#   Runs every case of CASEDIR (tests/cli/sp-speedscope) as run-case.sh
#   does, each in a scratch directory, and gathers the documents (*.json)
#   they leave there: each must load with python3's json module, then
#   tests/check-speedscope.sh validates them all (with the documents of
#   test-speedscope): schema, balanced events, "at" never decreasing.
# The environment is that of the CLI cases (SP_READ, SP_STACK,
# SP_SPEEDSCOPE, SPGEN, ...), which meson test sets.
# needs: node, and npm ci --prefix tests/node; else it skips (77), or
# fails where SP_REQUIRE_ALL is set (CI: nothing may be skipped).
set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 BUILDDIR CASEDIR" >&2
	exit 2
fi
build=$1
cases=$2
here=$(cd "$(dirname "$0")" && pwd)
: "${SPGEN_PYTHON:=/usr/bin/python3}"
: "${PYTHON:=python3}"

skip() {
	if [ -n "${SP_REQUIRE_ALL:-}" ]; then
		echo "FAIL: the check would be skipped, but SP_REQUIRE_ALL is set: $1"
		exit 1
	fi
	echo "SKIP: $1"
	exit 77
}
if ! command -v node >/dev/null 2>&1; then
	skip "node is not installed"
fi
if [ ! -d "$here/node/node_modules/speedscope" ]; then
	skip "no speedscope schema: run npm ci --prefix tests/node"
fi
if ! $SPGEN_PYTHON -c 'import h5py' >/dev/null 2>&1; then
	skip "$SPGEN_PYTHON has no h5py for the test data"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sp-ssdocs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

for c in "$cases"/*.sh; do
	name=$(basename "$c" .sh)
	mkdir "$tmp/$name"
	(
		cd "$tmp/$name" || exit 1
		LC_ALL=C TZ=UTC0 HOME=$tmp/$name
		export LC_ALL TZ HOME
		exec sh "$c"
	) </dev/null >/dev/null 2>&1
done

find "$tmp" -name '*.json' -type f | sort >"$tmp/list"
n=$(wc -l <"$tmp/list")
if [ "$n" -lt 20 ]; then
	echo "FAIL: only $n documents from $cases"
	exit 1
fi
# Python's json module reads each back, strictly ASCII as json.dump wrote.
if ! $PYTHON - "$tmp/list" <<'PY'
import json, sys
bad = 0
for path in open(sys.argv[1]).read().split("\n"):
    if not path:
        continue
    try:
        with open(path, encoding="ascii") as f:
            doc = json.load(f)
        assert doc["profiles"] and doc["shared"]["frames"] is not None
    except Exception as exc:
        print(f"FAIL {path}: python json: {exc!r}")
        bad += 1
sys.exit(1 if bad else 0)
PY
then
	exit 1
fi
echo "$n documents of sp-speedscope, and the unit test's:"
# shellcheck disable=SC2046
exec sh "$here/check-speedscope.sh" "$build" $(cat "$tmp/list")
