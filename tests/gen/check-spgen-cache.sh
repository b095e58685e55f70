#!/bin/sh
# check-spgen-cache.sh: spgen-cache.sh computes spgen-cache.py's key in
# the shell: a profile spgen-cache.py kept is found again without
# starting Python (SPGEN_PYTHON=false fails any start), for a spec from
# standard input and from a file, and a miss is left to spgen-cache.py.
set -u
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
if ! "$py" -c 'import h5py' >/dev/null 2>&1; then
	if [ -n "${SP_REQUIRE_ALL:-}" ]; then
		echo "FAIL: $py has no h5py (python3-h5py), and SP_REQUIRE_ALL is set"
		exit 1
	fi
	echo "SKIP: $py has no h5py (python3-h5py)"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/spgen-cache.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
SPGEN_CACHE=$tmp/cache
export SPGEN_CACHE
fail() {
	echo "FAIL: $*"
	exit 1
}
spec='{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}'
printf '%s\n' "$spec" >s.json
printf '%s\n' "$spec" | "$py" "$here/spgen-cache.py" spec - a.h5 ||
    fail "spgen-cache.py spec - a.h5"
"$py" "$here/spgen-cache.py" spec s.json c.h5 || fail "spgen-cache.py spec s.json"
printf '%s\n' "$spec" | SPGEN_PYTHON=false sh "$here/spgen-cache.sh" \
    spec - b.h5 || fail "spec from standard input: not found in the cache"
SPGEN_PYTHON=false sh "$here/spgen-cache.sh" spec s.json d.h5 ||
    fail "spec from a file: not found in the cache"
cmp -s a.h5 b.h5 && cmp -s c.h5 d.h5 || fail "the copies differ"
# another spec: a miss, made by spgen-cache.py, then a hit
other='{"ranks": {"0": [["x", [0], [1]]]}}'
printf '%s\n' "$other" | SPGEN_PYTHON=false sh "$here/spgen-cache.sh" \
    spec - e.h5 2>/dev/null && fail "a miss did not go to Python"
printf '%s\n' "$other" | sh "$here/spgen-cache.sh" spec - e.h5 ||
    fail "a miss: spgen-cache.py failed"
printf '%s\n' "$other" | SPGEN_PYTHON=false sh "$here/spgen-cache.sh" \
    spec - f.h5 || fail "the miss was not kept"
cmp -s e.h5 f.h5 || fail "the miss's copies differ"
echo "ok: spgen-cache.sh finds spgen-cache.py's profiles"
