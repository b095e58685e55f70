#!/bin/sh
# Build sp and run the test suite in a normal build and in an
# AddressSanitizer + UndefinedBehaviorSanitizer build; every test runs in
# at least one.  The normal build runs all but suite 'sanitized' (the
# golden cases but the quick ones: they compare the same outputs in
# either build, and the sanitizer build also checks memory on the way);
# the sanitizer build all but suite 'once' (what gains nothing from the
# sanitizers: browsers, Python consumers of the outputs, man pages,
# completions, the README's recipes; tests/meson.build).  The unit,
# alloc, fuzz and hostile-names tests and the quick cases run in both.
# Exit status 0 only when both pass.  Both builds treat compiler
# warnings as errors (-Dwerror=true, applied to build directories
# configured earlier too).  The fault cases and the
# allocation sweep run on samples; SP_TEST_EXHAUSTIVE=1 makes them run
# everything (tests/README.md).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh tools/bootstrap.sh build -Dwerror=true
# The sanitizers' runtimes linked in statically (GCC's options): a
# program then starts and ends, its leak check included, in about two
# thirds of the time, and the sanitizer suite runs thousands of them.
# Unoptimised (-O0): it compiles in half the time of -O2, and its tests
# spend their time starting programs, not in them.
sh tools/bootstrap.sh build-asan -Dwerror=true -Doptimization=0 \
    -Db_sanitize=address,undefined -Db_lundef=false \
    "-Dc_link_args=['-static-libasan','-static-libubsan']"
# Where SP_REQUIRE_ALL is set (.ci/run sets it), no test may be skipped:
# the tests that would skip fail instead and say what is missing, a failed
# npm ci fails the run, and a test that meson still reports as skipped
# fails it too (check_no_skips below).
status=0
# One cache of generated test profiles for both builds: the sanitizer
# build's cases ask for the normal build's profiles again, and copy them
# instead of generating them (tests/gen/spgen-cache.py).
SPGEN_CACHE=$top/build/spgen-cache
rm -rf "$SPGEN_CACHE"
export SPGEN_CACHE
# The profiles that the golden cases ask for in their own words, made
# ahead by two processes that start the generator once: each case then
# copies them (spgen-cache.py --warm; a case whose profile is not there
# makes it itself)
if /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
	/usr/bin/python3 tests/gen/spgen-cache.py --warm -j 2 tests/cli ||
	    echo "test-all: some profiles were not made ahead" >&2
fi
# npm packages the speedscope checks use (schema and validator)
if [ -f tests/node/package-lock.json ] && [ ! -d tests/node/node_modules ]; then
	npmlog=$(mktemp)
	if ! npm ci --prefix tests/node --no-audit --no-fund >"$npmlog" 2>&1; then
		if [ -n "${SP_REQUIRE_ALL:-}" ]; then
			cat "$npmlog" >&2
			echo "test-all: npm ci --prefix tests/node failed, and" \
			    "SP_REQUIRE_ALL is set: the speedscope schema" \
			    "checks cannot run" >&2
			status=1
		else
			echo "test-all: npm ci failed; speedscope schema checks skip" >&2
		fi
	fi
	rm -f "$npmlog"
fi
# check_no_skips BUILD_DIR: under SP_REQUIRE_ALL, fail when the last
# meson test in BUILD_DIR reported a test as skipped
check_no_skips() {
	[ -n "${SP_REQUIRE_ALL:-}" ] || return 0
	/usr/bin/python3 - "$1/meson-logs/testlog.json" <<'PY'
import json, sys
skipped = [t["name"] for t in map(json.loads, open(sys.argv[1]))
           if t.get("result") == "SKIP"]
for name in skipped:
    print(f"test-all: {name} was skipped, and SP_REQUIRE_ALL is set",
          file=sys.stderr)
sys.exit(1 if skipped else 0)
PY
}
meson test -C build --no-suite sanitized --print-errorlogs || status=1
check_no_skips build || status=1
ASAN_OPTIONS=abort_on_error=1 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-asan --no-suite once --print-errorlogs || status=1
check_no_skips build-asan || status=1
if [ $status -eq 0 ]; then
	echo "test-all: all suites passed (normal and ASan/UBSan builds)"
else
	echo "test-all: FAILED" >&2
fi
exit $status
