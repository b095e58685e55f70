#!/bin/sh
# run-case.sh - run one golden CLI case and compare what it printed.
#
#     tests/cli/run-case.sh tests/cli/<program>/<case>.sh
#
# The case script runs under sh in a fresh, empty scratch directory, with
# LC_ALL=C and standard input from /dev/null.  Its standard output, standard
# error and exit status must equal <case>.stdout, <case>.stderr and
# <case>.exit (the status as a decimal number and a newline) byte for byte.
# A case may post-process what it runs (pipe a stream through sp-dump, sed a
# scratch path away); it exits 77 to be reported as skipped, after printing
# "SKIP: " and what it lacks.  With SP_REQUIRE_ALL set (CI sets it), a
# skip is a failure instead: every case must run.
#
# The case sees these variables (meson test sets the first ones; when run by
# hand they default to a build tree in $SP_BUILDDIR, default $SRCDIR/build):
#
#   SRCDIR                 the source tree
#   SP_READ SP_STACK ...   each program of cmd/ (SP_<NAME> for sp-<name>, SP for sp)
#   SP_DUMP                tests/sp-dump: a stream as text
#   SP_VERSION             the project version (to keep --version cases stable)
#   SPGEN                  the test-data generator: "$SPGEN spec - out.h5 <<EOF"
#                          (tests/gen/spgen-cache.sh: spgen.py, whose
#                          profiles are kept in $SPGEN_CACHE when set)
#   SP_ITEMS               tests/cli/sp-items.py: stream items as CBOR text
#   PYTHON                 a python3 (standard library only)
#   CASEDIR                the directory of the case script
#
# SP_UPDATE_GOLDEN=1 writes the expected files from what the case printed
# instead of comparing (check the diff before committing it).  Cases that
# meson registers as expected to fail (SP_XFAIL=1) keep their hand-written
# expected files: they say what the program should print once fixed.
# SP_KEEP_TMP=1 keeps the scratch directory and prints its name.
# SP_WRAPPER, a command with its options (valgrind ...), runs every program
# of cmd/ under it: $SP_READ and the others then name small scripts in the
# scratch directory that exec "$SP_WRAPPER PROGRAM ARGS...", named as the
# programs are (meson's suite 'valgrind' sets it; tests/README.md).

set -u

if [ $# -ne 1 ]; then
	echo "usage: run-case.sh CASE.sh" >&2
	exit 2
fi
case "$1" in
/*)	case_sh=$1 ;;
*)	case_sh=$(pwd)/$1 ;;
esac
if [ ! -f "$case_sh" ]; then
	echo "run-case.sh: $1: no such case" >&2
	exit 2
fi
base=${case_sh%.sh}
CASEDIR=$(dirname "$case_sh")

here=$(cd "$(dirname "$0")" && pwd)
: "${SRCDIR:=$(cd "$here/../.." && pwd)}"
: "${SP_BUILDDIR:=$SRCDIR/build}"
: "${SP_READ:=$SP_BUILDDIR/cmd/sp-read}"
: "${SP_STACK:=$SP_BUILDDIR/cmd/sp-stack}"
: "${SP_DUMP:=$SP_BUILDDIR/tests/sp-dump}"
progs="SP_READ SP_STACK SP_DUMP"
# every other program of the build tree: SP_<NAME> for cmd/sp-<name>,
# SP for cmd/sp (one tr for all: a case's own time is mostly forks)
for v in $(for exe in "$SP_BUILDDIR"/cmd/sp "$SP_BUILDDIR"/cmd/sp-*; do
	[ -f "$exe" ] && [ -x "$exe" ] && echo "${exe##*/}"
done | tr 'a-z-' 'A-Z_'); do
	eval "[ -n \"\${$v:-}\" ] || $v=\$SP_BUILDDIR/cmd/\$(echo $v | tr 'A-Z_' 'a-z-')"
	progs="$progs $v"
done
# the case runs elsewhere: make relative program paths absolute
for v in $progs; do
	eval "p=\$$v"
	case $p in
	/*)	;;
	*)	eval "$v=\$(pwd)/\$p" ;;
	esac
	export "$v"
done
: "${SP_VERSION:=$("$SP_READ" --version 2>/dev/null | sed 's/.* //')}"
: "${SPGEN_PYTHON:=/usr/bin/python3}"
: "${SPGEN:=/bin/sh $SRCDIR/tests/gen/spgen-cache.sh}"
# Debian's interpreter when there is one: a python3 found on PATH may be
# a version manager's shim (pyenv's costs 0.35 s of CPU a start)
if [ -z "${PYTHON:-}" ] && [ -x /usr/bin/python3 ]; then
	PYTHON=/usr/bin/python3
fi
: "${PYTHON:=python3}"
: "${SP_ITEMS:=$PYTHON $SRCDIR/tests/cli/sp-items.py}"
export SRCDIR SP_READ SP_STACK SP_DUMP SP_VERSION SPGEN SP_ITEMS PYTHON CASEDIR

# skip REASON: report the case as skipped (77), or as failed where
# SP_REQUIRE_ALL says that nothing may be skipped: exit 1, or for a case
# registered as an expected failure exit 0, which meson counts as an
# unexpected pass (a failure too).
skip() {
	if [ -n "${SP_REQUIRE_ALL:-}" ]; then
		echo "FAIL: the case would be skipped, but SP_REQUIRE_ALL is set: $1"
		[ -n "${SP_XFAIL:-}" ] && exit 0
		exit 1
	fi
	echo "SKIP: $1"
	exit 77
}

# The generator needs h5py: without it, cases that use it are skipped.
# SPGEN_H5PY=1/0 says whether it is there (meson checks once at setup).
if grep -q 'SPGEN' "$case_sh"; then
	if [ -z "${SPGEN_H5PY:-}" ]; then
		if $SPGEN_PYTHON -c 'import h5py' >/dev/null 2>&1; then
			SPGEN_H5PY=1
		else
			SPGEN_H5PY=0
		fi
	fi
	if [ "$SPGEN_H5PY" != 1 ]; then
		skip "$SPGEN_PYTHON has no h5py (python3-h5py)"
	fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sp-cli.XXXXXX") || exit 1
if [ -n "${SP_KEEP_TMP:-}" ]; then
	echo "scratch directory: $tmp"
else
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 1' HUP INT TERM
fi
mkdir "$tmp/work" "$tmp/out"
if [ -n "${SP_WRAPPER:-}" ]; then
	mkdir "$tmp/bin" || exit 1
	# the programs beside sp-read (meson names them all, SP_BUILDDIR may
	# not), not the test tools
	for exe in "$(dirname "$SP_READ")"/sp "$(dirname "$SP_READ")"/sp-*; do
		[ -f "$exe" ] && [ -x "$exe" ] || continue
		v=$(basename "$exe" | tr 'a-z-' 'A-Z_')
		eval "p=\${$v:-}"
		[ -n "$p" ] || continue
		w=$tmp/bin/$(basename "$p")
		printf '#!/bin/sh\nexec %s %s "$@"\n' "$SP_WRAPPER" "'$p'" >"$w" &&
		    chmod +x "$w" || exit 1
		eval "$v=\$w"
		export "$v"
	done
fi

# In the sanitizer build (SP_SANITIZED, which meson sets there), a case
# of tests/cli/sp-NAME/ checks for leaks in sp-NAME only: the other
# programs it starts (sp-read and sp-stack making its input, sp-dump
# printing a stream) run with the leak check off, through a small script
# in the scratch directory, and the cases of their own folders check
# theirs.  The cases of fault/, about every program at once, check
# statuses, messages and outputs, and run them all without it (the
# unit and alloc tests check the library's failure paths for leaks).
# The check costs 20 to 35 ms at every exit (it reads all of the
# runtime's 5.6 MB of globals), and the golden cases start some 6,800
# programs.  The cases of sp/ check every program.
case ${CASEDIR##*/} in
sp-*)	under_test=${CASEDIR##*/} ;;
fault)	under_test=/ ;;		# no program
*)	under_test= ;;		# every program
esac
if [ -n "${SP_SANITIZED:-}" ] && [ -z "${SP_WRAPPER:-}" ] &&
    [ -n "$under_test" ]; then
	mkdir "$tmp/noleak" || exit 1
	for v in $progs; do
		eval "p=\$$v"
		case $p in	# a program named twice in $progs
		"$tmp"/noleak/*) continue ;;
		esac
		[ "${p##*/}" = "$under_test" ] && continue
		w=$tmp/noleak/${p##*/}
		printf '#!/bin/sh\n%s\nexport ASAN_OPTIONS\nexec %s "$@"\n' \
		    'ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0' \
		    "'$p'" >"$w" || exit 1
		eval "$v=\$w"
	done
	chmod +x "$tmp"/noleak/* || exit 1
fi

(
	cd "$tmp/work" || exit 1
	unset LANG LANGUAGE LC_CTYPE LC_MESSAGES
	LC_ALL=C TZ=UTC0 HOME=$tmp/work
	export LC_ALL TZ HOME
	exec sh "$case_sh"
) </dev/null >"$tmp/out/stdout" 2>"$tmp/out/stderr"
status=$?
echo "$status" >"$tmp/out/exit"

if [ "$status" = 77 ] &&
    [ "$(cat "$base.exit" 2>/dev/null)" != 77 ]; then
	# the case's own words say what it lacks
	cat "$tmp/out/stdout" "$tmp/out/stderr"
	skip "the case skipped itself (exit 77)"
fi

rc=0
for k in stdout stderr exit; do
	if [ -n "${SP_UPDATE_GOLDEN:-}" ] && [ -n "${SP_XFAIL:-}" ]; then
		echo "not updated: $base.$k (an expected failure)"
		cmp -s "$tmp/out/$k" "$base.$k" 2>/dev/null || rc=1
	elif [ -n "${SP_UPDATE_GOLDEN:-}" ]; then
		if ! cmp -s "$tmp/out/$k" "$base.$k" 2>/dev/null; then
			cp "$tmp/out/$k" "$base.$k" || rc=1
			echo "updated $base.$k"
		fi
	elif [ ! -f "$base.$k" ]; then
		echo "FAIL: $base.$k is missing (SP_UPDATE_GOLDEN=1 writes it); got:"
		cat "$tmp/out/$k"
		rc=1
	elif ! cmp -s "$base.$k" "$tmp/out/$k"; then
		echo "FAIL: $k differs from $base.$k:"
		diff -u "$base.$k" "$tmp/out/$k" | sed -n '3,$p'
		rc=1
	fi
done
exit $rc
