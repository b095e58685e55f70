#!/bin/sh
# Build sp's Debian package from the tree with Debian's own tools, lint
# it, install it, use it as a user would, and purge it: what .ci/run does
# once after the test suite.  Needs root (apt-get, dpkg) or sudo.
#
#   1. install what building and checking take (build-essential,
#      debhelper, dpkg-dev, fakeroot, lintian, man-db, and the missing
#      build dependencies of debian/control), with apt-get;
#   2. copy the tracked files of the checkout into a scratch directory and
#      build there: DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b
#      (the suite has just run), so the checkout stays clean;
#   3. lintian on the .changes: any error or warning fails;
#   4. apt-get install ./sp_*.deb; the programs stripped, their debug
#      symbols in sp-dbgsym; the example run with /usr/bin's programs,
#      sp-diff of the example and itself, sp-scale of a series, sp-report's
#      page of the example; man sp; sp stats --by rank; the completions
#      where the shells look;
#   5. apt-get purge sp, and no file of the package left.
# SP_KEEP_TMP=1 keeps the scratch directory and says where it is.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
t0=$(date +%s)
say() {
	echo "package-check: $*" >&2
}
die() {
	say "FAIL: $*"
	exit 1
}
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
apt() {
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/sp-package.XXXXXX")
installed=
cleanup() {
	if [ -n "$installed" ]; then
		apt purge -y -qq sp >/dev/null 2>&1 || true
	fi
	if [ -n "${SP_KEEP_TMP:-}" ]; then
		say "scratch directory: $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

# 1. the tools, and the build dependencies that are missing
need="build-essential debhelper dpkg-dev fakeroot lintian man-db"
missing=
for p in $need; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
	    missing="$missing $p"
done
if [ -n "$missing" ]; then
	say "installing:$missing"
	apt update -qq
	# shellcheck disable=SC2086
	apt install -y -qq --no-install-recommends $missing >/dev/null
fi
deps=$(cd "$top" && dpkg-checkbuilddeps 2>&1 |
    sed -n 's/.*Unmet build dependencies: //p' |
    sed 's/([^)]*)//g; s/|[^ ]*//g') || true
if [ -n "$deps" ]; then
	say "installing the build dependencies: $deps"
	# shellcheck disable=SC2086
	apt install -y -qq --no-install-recommends $deps >/dev/null
fi
t1=$(date +%s)

# 2. build from a copy of the tracked files
src=$work/sp
mkdir "$src"
if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$top" && git ls-files -z | tar --null -T - -cf -) |
	    tar -xf - -C "$src"
else
	(cd "$top" && tar --exclude=./.git --exclude='./build*' \
	    --exclude=./tests/node/node_modules -cf - .) | tar -xf - -C "$src"
fi
version=$(cd "$src" && dpkg-parsechangelog -S Version)
project=$(sed -n "s/^ *version : '\([^']*\)'.*/\1/p" "$src/meson.build")
[ "$version" = "$project" ] ||
    die "debian/changelog says $version, meson.build $project"
say "building sp $version in $src"
(cd "$src" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b) \
    >"$work/build.log" 2>&1 || {
	tail -n 60 "$work/build.log" >&2
	die "dpkg-buildpackage failed (the end of its log above)"
}
t2=$(date +%s)
arch=$(dpkg --print-architecture)
deb=$work/sp_${version}_$arch.deb
dbg=$work/sp-dbgsym_${version}_$arch.deb
changes=$work/sp_${version}_$arch.changes
for f in "$deb" "$dbg" "$changes"; do
	[ -f "$f" ] || die "no $(basename "$f") built"
done
ls -l "$work"/*.deb >&2

# 3. lintian: errors and warnings fail; what it says besides, it says
say "lintian $(basename "$changes")"
lintian --fail-on error,warning --display-info --show-overrides \
    "$changes" >&2 || die "lintian reports errors or warnings"
t3=$(date +%s)

# 4. install, and use it
man_include=
if grep -rqs '^path-exclude.*/usr/share/man' /etc/dpkg/dpkg.cfg.d/; then
	# a minimal image that leaves man pages out: keep ours
	man_include=-oDPkg::Options::=--path-include=/usr/share/man/*
fi
installed=1
(cd "$work" && apt install -y -qq $man_include "./$(basename "$deb")") \
    >/dev/null || die "apt-get install ./$(basename "$deb") failed"
dpkg-query -L sp >"$work/files"
for p in sp sp-read sp-stack sp-pstats sp-speedscope sp-flame sp-json \
    sp-stats sp-trace sp-scale sp-diff sp-report; do
	[ -x "/usr/bin/$p" ] || die "/usr/bin/$p is not installed"
	if readelf -S "/usr/bin/$p" | grep -q '\.debug_info'; then
		die "/usr/bin/$p is not stripped"
	fi
done
dpkg-deb -c "$dbg" | grep '/usr/lib/debug/\.build-id/.*\.debug$' >/dev/null ||
    die "sp-dbgsym holds no debug symbols"
out=$work/out
mkdir "$out"
ex=$src/examples/example.h5
/usr/bin/sp-read "$ex" | /usr/bin/sp-stack -o "$out/run.calls.sps"
/usr/bin/sp-pstats -o "$out/run.prof" "$out/run.calls.sps"
/usr/bin/sp-speedscope -o "$out/run.speedscope.json" "$out/run.calls.sps"
/usr/bin/sp-trace -o "$out/run.pftrace" "$out/run.calls.sps"
/usr/bin/sp-flame -o "$out/run.svg" "$out/run.calls.sps"
/usr/bin/sp-json -o "$out/run.json.gz" "$out/run.calls.sps"
/usr/bin/sp-stats "$out/run.calls.sps" >"$out/stats.txt"
# two runs: the example read twice, compared under a budget (no change)
/usr/bin/sp-read "$ex" "$ex" | /usr/bin/sp-stack |
    /usr/bin/sp-diff --max-regression 5% -o "$out/diff.md" --format markdown ||
    die "sp-diff of the example and itself failed"
grep -q 'Regression check: PASS' "$out/diff.md" ||
    die "sp-diff of the example and itself did not pass its budget"
ls "$out"/run_rank0.prof "$out"/run.speedscope.json "$out"/run.pftrace \
    "$out"/run_rank0.svg "$out"/run.json.gz >/dev/null ||
    die "the example's outputs are missing"
/usr/bin/python3 "$src/tests/gen/spgen.py" scale --ranks 1,2,4 "$out/series" ||
    die "spgen scale failed"
/usr/bin/sp-read "$out"/series/run-*.h5 | /usr/bin/sp-stack |
    /usr/bin/sp-scale --svg -o "$out/scale.svg" && [ -s "$out/scale.svg" ] ||
    die "sp-scale failed on a series of three runs"
/usr/bin/sp-report -q -o "$out/run.html" "$out/run.calls.sps" &&
    grep -q '</html>' "$out/run.html" ||
    die "sp-report failed on the example"
(cd "$out" && /usr/bin/sp stats --by rank run.calls.sps) >"$out/by-rank.txt" ||
    die "sp stats --by rank failed"
[ -s "$out/by-rank.txt" ] || die "sp stats --by rank printed nothing"
head -n 5 "$out/by-rank.txt" >&2
MANPAGER=cat MANWIDTH=80 man sp 2>"$work/man.err" >"$work/man.txt" ||
    die "man sp failed: $(cat "$work/man.err")"
grep -q '^SP(7) ' "$work/man.txt" ||
    die "man sp does not show sp(7)"
for p in sp-stats sp-read sp-diff sp-scale sp-report; do
	man -w "$p" >/dev/null || die "man $p: no page"
done
[ -L /usr/share/bash-completion/completions/sp-stats ] &&
    [ -f /usr/share/bash-completion/completions/sp ] &&
    [ -f /usr/share/zsh/vendor-completions/_sp ] ||
    die "the completions are not where bash-completion and zsh look"
say "installed sp runs the example, sp-diff, sp-scale, sp-report, man sp" \
    "and sp stats --by rank"

# 5. purge, and nothing left behind
apt purge -y -qq sp >/dev/null || die "apt-get purge sp failed"
installed=
if dpkg-query -W -f='${Status}' sp 2>/dev/null | grep -q 'installed'; then
	die "sp is still installed after the purge"
fi
left=
while read -r f; do
	[ -d "$f" ] && continue
	if [ -e "$f" ] || [ -L "$f" ]; then
		left="$left $f"
	fi
done <"$work/files"
[ -z "$left" ] || die "left after the purge:$left"
t4=$(date +%s)
say "ok: tools $((t1 - t0)) s, build $((t2 - t1)) s, lintian $((t3 - t2)) s," \
    "install, use and purge $((t4 - t3)) s; $((t4 - t0)) s in all"
