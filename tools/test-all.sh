#!/bin/sh
# Build sp and run the whole test suite twice: in a normal build and in an
# AddressSanitizer + UndefinedBehaviorSanitizer build.  Exit status 0 only
# when both pass.  Both builds treat compiler warnings as errors
# (-Dwerror=true, applied to build directories configured earlier too).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh tools/bootstrap.sh build -Dwerror=true
sh tools/bootstrap.sh build-asan -Dwerror=true \
    -Db_sanitize=address,undefined -Db_lundef=false
# npm packages the speedscope checks use (schema and validator)
if [ -f tests/node/package-lock.json ] && [ ! -d tests/node/node_modules ]; then
	npm ci --prefix tests/node --no-audit --no-fund >/dev/null 2>&1 ||
		echo "test-all: npm ci failed; speedscope schema checks skip" >&2
fi
status=0
meson test -C build --print-errorlogs || status=1
ASAN_OPTIONS=abort_on_error=1 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-asan --print-errorlogs || status=1
if [ $status -eq 0 ]; then
	echo "test-all: all suites passed (normal and ASan/UBSan builds)"
else
	echo "test-all: FAILED" >&2
fi
exit $status
