#!/bin/sh
# check-speedscope.sh - validate the speedscope documents sp produces
# against speedscope's own published schema (tests/check-speedscope.js).
#
# usage: tests/check-speedscope.sh BUILDDIR [FILE...]
#   Writes every golden and random document of test-speedscope into a
#   scratch directory and validates them, plus any FILE given.
# needs: npm ci --prefix tests/node
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILDDIR [FILE...]" >&2
	exit 2
fi
build=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$build/tests/test-speedscope" --dump "$tmp" >/dev/null
node "$here/check-speedscope.js" "$tmp"/*.json "$@"
