#!/bin/sh
# Set up a Debian 12 machine for sp and build it: install the packages that
# are missing (apt-get), configure with Meson, build with Ninja.
#   tools/bootstrap.sh [BUILD_DIR [MESON_OPTION...]]
# Safe to run again: it installs nothing twice and sets up BUILD_DIR once;
# on a BUILD_DIR set up earlier, the MESON_OPTIONs given are applied with
# "meson configure", so that the directory has them whatever it had before.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift

# Build tools and libraries, plus what the tests use to check outputs with
# their real consumers (h5py writes test profiles, python3 loads .prof,
# node validates speedscope documents, jq runs the NDJSON recipes, mandoc
# lints the man pages, make runs examples/Makefile in the scale-out test;
# util-linux and bsdutils, always there on Debian, give the fault cases
# setpriv and unshare, and the terminal cases script; chromium, driven by
# npm's playwright-core, checks what a browser shows; protobuf-compiler's
# protoc --decode_raw reads sp-trace's Perfetto traces, independently of
# sp, and python3-protobuf, the real protobuf library, parses them against
# the subset of Perfetto's schema that protoc compiles from
# tests/trace/perfetto_subset.proto; python3-scipy is the model the
# statistical tests of sp-diff are checked against; zsh loads the zsh
# completion).
pkgs="meson ninja-build pkg-config gcc libc6-dev libhdf5-dev hdf5-tools
libcbor-dev libpcre2-dev libyajl-dev zlib1g-dev libdeflate-dev python3 python3-h5py python3-numpy
python3-protobuf python3-scipy mandoc time jq nodejs npm make util-linux bsdutils chromium protobuf-compiler
zsh"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
# nodejs from another repository ships npm itself
if command -v npm >/dev/null 2>&1; then
	missing=$(echo "$missing" | tr ' ' '\n' | grep -vx 'npm' | tr '\n' ' ')
	missing=$(echo "$missing" | tr ' ' '\n' | grep -vx 'nodejs' | tr '\n' ' ')
fi
if [ -n "$(echo $missing)" ]; then
	sudo=
	[ "$(id -u)" -ne 0 ] && sudo=sudo
	echo "bootstrap: installing:$missing" >&2
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	# shellcheck disable=SC2086
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $missing >/dev/null
fi
cd "$top"
if [ ! -f "$build/build.ninja" ]; then
	meson setup "$build" "$@" >/dev/null
elif [ $# -gt 0 ]; then
	meson configure "$build" "$@" >/dev/null
fi
ninja -C "$build" >/dev/null
echo "bootstrap: built sp in $top/$build" >&2
