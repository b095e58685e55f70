#!/bin/sh
# coverage.sh - line coverage of lib/ and cmd/ by the tests that
# tools/test-all.sh runs (every suite but valgrind: each of its tests
# runs in one build or both, and their union is what is measured here).
#
#     sh tools/coverage.sh [BUILD_DIR]     # default build-cov
#
# Configures BUILD_DIR with -Db_coverage=true (a normal, optimised build
# with gcov's counters), runs `meson test` there and prints gcovr's
# summary of lib/ and cmd/; the per-file table goes to
# BUILD_DIR/coverage.txt.  Needs gcovr (apt-get install gcovr).  The
# browser tests need tests/node/node_modules (npm ci --prefix tests/node,
# as test-all.sh runs it) and skip without it.  The tests' own status
# is reported, not hidden: the script exits 1 when a test fails, after
# printing the coverage all the same.  Two cases fail in such a build by
# nature: fault/file-size-limit and fault/flame-trees set `ulimit -f`,
# and gcov then cannot write its counters (its messages change their
# standard error); what the programs did is counted up to then.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
build=${1:-build-cov}
if ! command -v gcovr >/dev/null 2>&1; then
	echo "coverage.sh: no gcovr (apt-get install gcovr)" >&2
	exit 2
fi
sh tools/bootstrap.sh "$build" -Db_coverage=true
find "$build" -name '*.gcda' -delete
# the golden cases' profiles made ahead, as test-all.sh does
SPGEN_CACHE=${SPGEN_CACHE:-$top/$build/spgen-cache}
export SPGEN_CACHE
if /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
	/usr/bin/python3 tests/gen/spgen-cache.py --warm -j 2 tests/cli ||
	    echo "coverage.sh: some profiles were not made ahead" >&2
fi
status=0
meson test -C "$build" -q || status=1
gcovr -r "$top" --object-directory "$build" \
    --filter "$top/lib/" --filter "$top/cmd/" \
    -o "$build/coverage.txt" -s
exit $status
