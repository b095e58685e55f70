# bench/common.sh: what the bench scripts share. Sourced, never run:
#
#   . "$(dirname "$0")/common.sh"
#   bench_args NAME "$@"      # --quick, --help: sets quick
#   bench_init NAME QUICK     # paths, scratch directory, GNU time
#   bench_build TARGET...     # release build tree (SP_BUILD), ninja
#   measure_reps KEY REF OUT CMD...   # timed runs: res[KEY:t|c|r]
#
# Environment (every script): SP_BUILD (build tree, default build-bench,
# set up as a release build when absent), SP_BENCH_NOBUILD=1 (measure the
# programs already built), SP_BENCH_REPS (runs per measurement, default 3;
# the median is reported, and the highest peak RSS), SP_BENCH_IDLE /
# SP_BENCH_WAIT (before each run wait until the CPUs were at least IDLE
# percent idle over half a second, default 90, for WAIT seconds at most
# over the whole script, default 300). See bench/README.md.
#
# Nothing here removes a path that is not a regular file under the
# script's own scratch directory: outputs may be /dev/null.

# --- set-up ---------------------------------------------------------------

# bench_usage: the script's --help, its header comment (from its second
# line to its first line that is not a comment).
bench_usage() {
	sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
}

# bench_args NAME ARGS...: the options every script takes: --quick sets
# quick=1, -h or --help prints the usage; anything else is a usage error
# (exit 2).  A script with options of its own takes them out first.
bench_args() {
	local me=$1 a

	shift
	quick=0
	for a in "$@"; do
		case $a in
		--quick) quick=1 ;;
		-h | --help) bench_usage; exit 0 ;;
		*) echo "$me: unknown option '$a'" >&2; bench_usage >&2; exit 2 ;;
		esac
	done
}

# bench_init NAME QUICK: sets root, bench, data, tmp (a scratch directory
# under bench/data, removed on exit), build, reps, py, gen, quick, timebin
# and NOTES (lines for the results file).
bench_init() {
	me=$1
	quick=$2
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	bench=$root/bench
	data=$bench/data
	build=${SP_BUILD:-$root/build-bench}
	case $build in /*) ;; *) build=$root/$build ;; esac
	reps=${SP_BENCH_REPS:-3}
	py=/usr/bin/python3
	gen=$root/tests/gen/spgen.py
	NOTES=()
	mkdir -p "$data"
	tmp=$(mktemp -d "$data/tmp.XXXXXX")
	# shellcheck disable=SC2064
	trap "rm -rf '$tmp'" EXIT
	need_gnu_time
}

say() { printf '%s: %s\n' "$me" "$*" >&2; }
die() { printf '%s: %s\n' "$me" "$*" >&2; exit 1; }

# GNU time for peak RSS (%M); installed with apt-get when missing, which
# the results then say.
need_gnu_time() {
	timebin=/usr/bin/time
	if [ -x $timebin ] && $timebin -f %M true >/dev/null 2>&1; then
		return 0
	fi
	say "GNU time missing: installing package 'time' with apt-get"
	if [ "$(id -u)" = 0 ]; then
		apt-get install -y time >/dev/null || die "apt-get install time failed"
	else
		sudo apt-get install -y time >/dev/null ||
			die "install GNU time (package 'time')"
	fi
	NOTES+=("GNU time was missing and was installed with apt-get (package \`time\`).")
}

# bench_build TARGET...: build the programs (cmd/sp-read ...) in $build,
# a release tree set up when absent; sets buildtype.
bench_build() {
	if [ -n "${SP_BENCH_NOBUILD:-}" ]; then
		say "SP_BENCH_NOBUILD: using the programs already in $build"
		NOTES+=("SP_BENCH_NOBUILD was set: the programs in $build were not rebuilt.")
	else
		if [ ! -f "$build/build.ninja" ]; then
			say "setting up $build (release)"
			meson setup "$build" "$root" --buildtype=release >/dev/null ||
				die "meson setup $build failed"
		fi
		say "building $* in $build"
		ninja -C "$build" "$@" >"$tmp/ninja.log" 2>&1 || {
			tail -n 20 "$tmp/ninja.log" >&2
			die "ninja -C $build failed (SP_BENCH_NOBUILD=1 measures the programs already built)"
		}
	fi
	local t
	for t in "$@"; do
		[ -x "$build/$t" ] || die "no $t in $build"
	done
	buildtype=$($py -c 'import json,sys
o={x["name"]:x["value"] for x in json.load(open(sys.argv[1]))}
print(o.get("buildtype","?"), "-O%s" % o.get("optimization","?"))' \
		"$build/meson-info/intro-buildoptions.json" 2>/dev/null || echo unknown)
	case $buildtype in
	release*) ;;
	*) say "warning: $build is '$buildtype', not a release build" ;;
	esac
}

# build_floor: bench/h5floor.c into $data/h5floor; sets floor.
build_floor() {
	floor=$data/h5floor
	if [ ! -x "$floor" ] || [ "$bench/h5floor.c" -nt "$floor" ]; then
		say "building $floor"
		# shellcheck disable=SC2046
		cc -O2 -o "$floor" "$bench/h5floor.c" $(pkg-config --cflags --libs hdf5) ||
			die "cannot build h5floor (needs libhdf5-dev and pkg-config)"
	fi
}

# --- inputs ---------------------------------------------------------------

# The synthetic profiles: spgen synth, schema 3, the template call tree
# (9 regions, depth 6), the reference's storage rule (--storage auto:
# chunked with h5py's guess), seed 1. The parameters are part of the file
# names, so a file is generated once and reused.
genargs=(--schema 3 --shape template --ranks 1 --storage auto --seed 1)
genkey=s3-template-r1-auto-seed1

# input_h5 N [RANKS]: the path of the template profile of N calls per rank
# (one rank unless RANKS), generated when missing.
input_h5() {
	local n=$1 r=${2:-1} f
	f=$data/synth-s3-template-r$r-auto-seed1-c$n.h5
	if [ ! -s "$f" ]; then
		say "generating $f"
		$py "$gen" synth --schema 3 --shape template --ranks "$r" \
			--storage auto --seed 1 --calls "$n" "$tmp/gen.h5" >/dev/null ||
			die "spgen failed"
		mv "$tmp/gen.h5" "$f"
	fi
	echo "$f"
}

# gen_h5 KEY N ARGS...: a profile of other spgen parameters (ARGS), named
# by KEY, generated when missing.
gen_h5() {
	local key=$1 n=$2 f
	shift 2
	f=$data/synth-$key-c$n.h5
	if [ ! -s "$f" ]; then
		say "generating $f"
		$py "$gen" synth "$@" --calls "$n" "$tmp/gen.h5" >/dev/null ||
			die "spgen failed"
		mv "$tmp/gen.h5" "$f"
	fi
	echo "$f"
}

# calls_of H5: the call stream of a profile (sp-read | sp-stack of the
# build under test), next to it as .calls.sps; remade when older than the
# programs or the profile.
calls_of() {
	local f=$1 s=${1%.h5}.calls.sps
	if ! { [ -s "$s" ] && [ "$s" -nt "$build/cmd/sp-stack" ] &&
	    [ "$s" -nt "$build/cmd/sp-read" ] && [ "$s" -nt "$f" ]; }; then
		say "making $s"
		"$build/cmd/sp-read" "$f" | "$build/cmd/sp-stack" -o "$tmp/gen.sps" ||
			die "sp-read | sp-stack failed on $f"
		mv "$tmp/gen.sps" "$s"
	fi
	echo "$s"
}

# --- numbers --------------------------------------------------------------

fsize() { stat -c %s "$1"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
	if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR/2] + v[NR/2 + 1]) / 2 }'; }
maxof() { printf '%s\n' "$@" | sort -g | tail -n 1; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }
mbps() { awk -v b="$1" -v t="$2" 'BEGIN { printf "%.0f", b / t / 1e6 }'; }
mcps() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
human() {
	awk -v n="$1" 'BEGIN { if (n >= 1e6) printf "%gM", n / 1e6;
	    else if (n >= 1e3) printf "%gK", n / 1e3; else print n }'
}
# flat A B: peak RSS B (KiB, the larger input) at most 1.10 x A + 2 MiB
# instructions CMD...: the instructions CMD executes, by valgrind's
# callgrind (output to /dev/null), or "-" without valgrind: the figure
# that stays the same on a shared machine, where seconds do not
instructions() {
	command -v valgrind >/dev/null 2>&1 || { echo -; return; }
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
		2>&1 >/dev/null | awk '/Collected :/ { print $NF }'
}
flat() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(b <= 1.10 * a + 2048) }'; }

# --- a quiet machine ------------------------------------------------------

# The machine may be shared. Before each run wait_quiet waits (up to
# SP_BENCH_WAIT seconds over the whole script) until the CPUs were at
# least SP_BENCH_IDLE percent idle over half a second. RUNS counts the
# runs, BUSY those that started on a busy machine after the wait ran out,
# MINIDLE is the lowest idle percentage a run started at.
idle_pct() {
	local a b
	a=$(awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat)
	sleep 0.5
	b=$(awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat)
	awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ");
	    d = y[2] - x[2]; p = 100; if (d > 0) p = 100 * (y[1] - x[1]) / d;
	    printf "%d", p }'
}
waited=0
BUSY=0
RUNS=0
MINIDLE=100
wait_quiet() {
	local want=${SP_BENCH_IDLE:-90} limit=${SP_BENCH_WAIT:-300} p
	RUNS=$((RUNS + 1))
	while :; do
		p=$(idle_pct)
		[ "$p" -ge "$want" ] && break
		if [ "$waited" -ge "$limit" ]; then
			BUSY=$((BUSY + 1))
			break
		fi
		[ $((waited % 30)) = 0 ] && say "machine busy ($p% idle), waiting"
		sleep 1
		waited=$((waited + 1))
	done
	[ "$p" -lt "$MINIDLE" ] && MINIDLE=$p
	return 0
}

# --- timed runs -----------------------------------------------------------

# CPU seconds (user + system) of the shell's waited-for children between
# two snapshots of the `times` builtin (1 ms resolution; includes GNU
# time's own few hundred microseconds). `times` must run in this shell,
# not in a subshell, so it writes to a file.
cpu_between() {
	awk 'function s(x) { sub(/s$/, "", x); split(x, p, "m"); return p[1] * 60 + p[2] }
	    FNR == 2 { c[FILENAME] = s($1) + s($2) }
	    END { printf "%.3f", c[ARGV[2]] - c[ARGV[1]] }' "$1" "$2"
}

# timed OUT CMD...: one run after wait_quiet, stdin from /dev/null, stdout
# to OUT (/dev/null or a scratch file), stderr to $tmp/err. Sets T (wall
# seconds, bash's EPOCHREALTIME), R (peak RSS KiB, GNU time %M) and C (CPU
# seconds, user + system, from `times`: 1 ms resolution).
timed() {
	local o=$1 t0 t1
	shift
	wait_quiet
	times >"$tmp/c0"
	t0=$EPOCHREALTIME
	$timebin -f '%M' -o "$tmp/rss" "$@" </dev/null >"$o" 2>"$tmp/err" ||
		{ cat "$tmp/err" >&2; die "failed: $*"; }
	t1=$EPOCHREALTIME
	times >"$tmp/c1"
	T=$(elapsed "$t0" "$t1")
	C=$(cpu_between "$tmp/c0" "$tmp/c1")
	R=$(tail -n 1 "$tmp/rss")
}

# measure_reps KEY REF OUT CMD...: reps timed runs of CMD (stdout to
# /dev/null); res[KEY:t|c|r] = median wall, median CPU, highest RSS. A
# regular file OUT is removed before each run and then compared with REF
# (- for none).
declare -A res
measure_reps() {
	local key=$1 ref=$2 o=$3 i ts=() cs=() rs=()
	shift 3
	for ((i = 0; i < reps; i++)); do
		# never remove a device: OUT may be /dev/null
		if [ -f "$o" ] && [ ! -c "$o" ]; then rm -f "$o"; fi
		timed /dev/null "$@"
		ts+=("$T") cs+=("$C") rs+=("$R")
		if [ "$ref" != - ]; then
			cmp -s "$o" "$ref" || die "$key: $o differs from $ref"
		fi
	done
	res[$key:t]=$(median "${ts[@]}")
	res[$key:c]=$(median "${cs[@]}")
	res[$key:r]=$(maxof "${rs[@]}")
}

# --- the results file -----------------------------------------------------

# about_lines: the date, commit, machine, build and load, as list items.
about_lines() {
	local commit cpu memt
	commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
	if [ -n "$(git -C "$root" status --porcelain -- lib cmd meson.build 2>/dev/null)" ]; then
		commit="$commit (lib/, cmd/ or meson.build have uncommitted changes)"
	fi
	cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
	memt=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "- commit: $commit"
	echo "- machine: $(nproc) CPUs, $cpu, $memt RAM, Linux $(uname -r)"
	echo "- build: $build ($buildtype), $(cc --version | head -n 1), HDF5 $(pkg-config --modversion hdf5 2>/dev/null || echo '?')"
	echo "- quiet machine: each run waited for >= ${SP_BENCH_IDLE:-90}% idle CPUs" \
		"(${SP_BENCH_WAIT:-300} s at most in all; lowest seen at a start: $MINIDLE%);" \
		"$BUSY of $RUNS runs started on a busy machine after the wait ran out"
	local x
	for x in "${NOTES[@]}"; do echo "- note: $x"; done
}
