#!/bin/sh
# Build sp and run the whole test suite twice: in a normal build and in an
# AddressSanitizer + UndefinedBehaviorSanitizer build.  Exit status 0 only
# when both pass.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh tools/bootstrap.sh build
sh tools/bootstrap.sh build-asan -Db_sanitize=address,undefined \
    -Db_lundef=false
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
