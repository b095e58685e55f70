#!/usr/bin/env bash
# bench/run.sh: throughput and peak memory of sp-read, sp-stack and the
# pipeline sp-read | sp-stack, against floors measured in the same run.
# See bench/README.md.
#
#   bench/run.sh            1M- and 10M-call inputs, writes bench/RESULTS.md
#   bench/run.sh --quick    100K- and 1M-call inputs, writes
#                           bench/data/RESULTS-quick.md
#
# Environment: SP_BUILD (build tree, default build-bench, a release build),
# SP_BENCH_REPS (runs per measurement, default 3; the median is reported),
# SP_BENCH_OUT (results file), SP_BENCH_IDLE / SP_BENCH_WAIT (wait for a
# quiet machine, see README), SP_BENCH_NOBUILD=1 (do not run ninja).
set -euo pipefail

usage() {
	sed -n '2,13s/^# \{0,1\}//p' "$0"
}

quick=0
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "run.sh: unknown option '$a'" >&2; usage >&2; exit 2 ;;
	esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
bench=$root/bench
data=$bench/data
build=${SP_BUILD:-$root/build-bench}
case $build in /*) ;; *) build=$root/$build ;; esac
reps=${SP_BENCH_REPS:-3}
py=/usr/bin/python3
gen=$root/tests/gen/spgen.py
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/RESULTS-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$bench/RESULTS.md}
fi
# Generator parameters: single rank, schema 3, template shape, the
# reference's storage rule (--storage auto: large files chunked with
# h5py's chunk guess). They are part of the input file names.
genargs=(--schema 3 --shape template --ranks 1 --storage auto --seed 1)
genkey=s3-template-r1-auto-seed1

say() { printf 'run.sh: %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

mkdir -p "$data"
tmp=$(mktemp -d "$data/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# --- tools -------------------------------------------------------------

timebin=/usr/bin/time
notes=()
if ! [ -x $timebin ] || ! $timebin -f %M true >/dev/null 2>&1; then
	say "GNU time missing: installing package 'time' with apt-get"
	if [ "$(id -u)" = 0 ]; then
		apt-get install -y time >/dev/null || die "apt-get install time failed"
	else
		sudo apt-get install -y time >/dev/null || die "install GNU time (package 'time')"
	fi
	notes+=("GNU time was missing and was installed with apt-get (package \`time\`).")
fi

if [ -n "${SP_BENCH_NOBUILD:-}" ]; then
	say "SP_BENCH_NOBUILD: using the programs already in $build"
	notes+=("SP_BENCH_NOBUILD was set: the programs in $build were not rebuilt.")
else
	if [ ! -f "$build/build.ninja" ]; then
		say "setting up $build (release)"
		meson setup "$build" --buildtype=release >/dev/null ||
			die "meson setup $build failed"
	fi
	say "building sp-read and sp-stack in $build"
	ninja -C "$build" cmd/sp-read cmd/sp-stack >"$tmp/ninja.log" 2>&1 || {
		tail -n 20 "$tmp/ninja.log" >&2
		die "ninja -C $build failed (SP_BENCH_NOBUILD=1 measures the programs already built)"
	}
fi
[ -x "$build/cmd/sp-read" ] && [ -x "$build/cmd/sp-stack" ] ||
	die "no sp-read/sp-stack in $build/cmd"
buildtype=$($py -c 'import json,sys
o={x["name"]:x["value"] for x in json.load(open(sys.argv[1]))}
print(o.get("buildtype","?"), "-O%s" % o.get("optimization","?"))' \
	"$build/meson-info/intro-buildoptions.json" 2>/dev/null || echo unknown)
case $buildtype in release*) ;; *) say "warning: $build is '$buildtype', not a release build" ;; esac
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack

floor=$data/h5floor
if [ ! -x "$floor" ] || [ "$bench/h5floor.c" -nt "$floor" ]; then
	say "building $floor"
	# shellcheck disable=SC2046
	cc -O2 -o "$floor" "$bench/h5floor.c" $(pkg-config --cflags --libs hdf5) ||
		die "cannot build h5floor (needs libhdf5-dev and pkg-config)"
fi

# --- inputs ------------------------------------------------------------

h5_of() { echo "$data/synth-$genkey-c$1.h5"; }
sps_of() { echo "$data/synth-$genkey-c$1.sps"; }

for n in "${sizes[@]}"; do
	f=$(h5_of "$n")
	if [ -s "$f" ]; then
		say "have $f"
	else
		say "generating $f"
		$py "$gen" synth "${genargs[@]}" --calls "$n" "$tmp/gen.h5" >/dev/null
		mv "$tmp/gen.h5" "$f"
	fi
	# The stream always comes from the sp-read under test.
	s=$(sps_of "$n")
	"$spread" -o "$tmp/gen.sps" "$f" || die "sp-read failed on $f"
	mv "$tmp/gen.sps" "$s"
	cat "$f" "$s" >/dev/null	# page cache
done

# --- measuring ---------------------------------------------------------

fsize() { stat -c %s "$1"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
	if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR/2] + v[NR/2 + 1]) / 2 }'; }
maxof() { printf '%s\n' "$@" | sort -g | tail -n 1; }

# CPU seconds (user + system) of the shell's waited-for children between
# two snapshots of the `times` builtin (1 ms resolution; includes GNU
# time's own few hundred microseconds). `times` must run in this shell,
# not in a subshell, so it writes to a file.
cpu_between() {
	awk 'function s(x) { sub(/s$/, "", x); split(x, p, "m"); return p[1] * 60 + p[2] }
	    FNR == 2 { c[FILENAME] = s($1) + s($2) }
	    END { printf "%.3f", c[ARGV[2]] - c[ARGV[1]] }' "$1" "$2"
}

# run_cmd IN CMD...: one timed run, stdin from IN (or /dev/null), stdout
# to /dev/null. Sets T (wall seconds), C (CPU seconds) and R (peak RSS KiB).
run_cmd() {
	local in=$1 t0 t1
	shift
	times >"$tmp/c0"
	t0=$EPOCHREALTIME
	$timebin -f %M -o "$tmp/rss" "$@" <"$in" >/dev/null ||
		die "failed: $* < $in"
	t1=$EPOCHREALTIME
	times >"$tmp/c1"
	T=$(elapsed "$t0" "$t1")
	C=$(cpu_between "$tmp/c0" "$tmp/c1")
	R=$(tail -n 1 "$tmp/rss")
}

# run_pipe H5: one timed run of sp-read H5 | sp-stack > /dev/null.
# Sets T, C (both stages), RA and RB (peak RSS KiB of sp-read, sp-stack),
# CA and CB (each stage's CPU seconds, from GNU time: 10 ms resolution).
run_pipe() {
	local t0 t1 st
	times >"$tmp/c0"
	t0=$EPOCHREALTIME
	$timebin -f '%M %U %S' -o "$tmp/rssa" "$spread" "$1" |
		$timebin -f '%M %U %S' -o "$tmp/rssb" "$spstack" >/dev/null
	st=("${PIPESTATUS[@]}")
	t1=$EPOCHREALTIME
	times >"$tmp/c1"
	[ "${st[0]}" = 0 ] && [ "${st[1]}" = 0 ] ||
		die "pipeline failed on $1 (exit ${st[*]})"
	T=$(elapsed "$t0" "$t1")
	C=$(cpu_between "$tmp/c0" "$tmp/c1")
	read -r RA CA < <(tail -n 1 "$tmp/rssa" | awk '{ print $1, $2 + $3 }')
	read -r RB CB < <(tail -n 1 "$tmp/rssb" | awk '{ print $1, $2 + $3 }')
}

# wait_quiet: the machine may be shared. Before each run, wait (up to
# SP_BENCH_WAIT seconds in all, default 300) until the CPUs were at least
# SP_BENCH_IDLE percent idle (default 90) over half a second. Runs that
# start on a busy machine are counted in BUSY and flagged in the results.
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
MINIDLE=100
wait_quiet() {
	local want=${SP_BENCH_IDLE:-90} limit=${SP_BENCH_WAIT:-300} p
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

# Results, keyed "stage:calls".
declare -A SEC CPU CPUA CPUB RSS RSSA RSSB BYTES RAW RAWC STAGECPU

# measure KEY BYTES IN CMD...
measure() {
	local key=$1 bytes=$2 in=$3 ts=() cs=() rs=() i
	shift 3
	for ((i = 0; i < reps; i++)); do
		wait_quiet
		run_cmd "$in" "$@"
		ts+=("$T"); cs+=("$C"); rs+=("$R")
	done
	SEC[$key]=$(median "${ts[@]}")
	CPU[$key]=$(median "${cs[@]}")
	RSS[$key]=$(maxof "${rs[@]}")
	BYTES[$key]=$bytes
	RAW[$key]="${ts[*]}"
	RAWC[$key]="${cs[*]}"
	say "$key: ${SEC[$key]} s (runs ${ts[*]}), cpu ${CPU[$key]} s, ${RSS[$key]} KiB"
}

measure_pipe() {
	local key=$1 h5=$2 ts=() cs=() ra=() rb=() sa=() sb=() stc=() i
	for ((i = 0; i < reps; i++)); do
		wait_quiet
		run_pipe "$h5"
		ts+=("$T"); cs+=("$C"); ra+=("$RA"); rb+=("$RB")
		sa+=("$CA"); sb+=("$CB"); stc+=("$CA+$CB")
	done
	CPUA[$key]=$(median "${sa[@]}")
	CPUB[$key]=$(median "${sb[@]}")
	STAGECPU[$key]="${stc[*]}"
	SEC[$key]=$(median "${ts[@]}")
	CPU[$key]=$(median "${cs[@]}")
	RSSA[$key]=$(maxof "${ra[@]}")
	RSSB[$key]=$(maxof "${rb[@]}")
	RSS[$key]=$(maxof "${RSSA[$key]}" "${RSSB[$key]}")
	BYTES[$key]=$(fsize "$h5")
	RAW[$key]="${ts[*]}"
	RAWC[$key]="${cs[*]}"
	say "$key: ${SEC[$key]} s (runs ${ts[*]}), cpu ${CPU[$key]} s, sp-read ${RSSA[$key]} KiB, sp-stack ${RSSB[$key]} KiB"
}

load0=$(cut -d' ' -f1-3 /proc/loadavg)
for n in "${sizes[@]}"; do
	f=$(h5_of "$n")
	s=$(sps_of "$n")
	measure "h5floor:$n" "$(fsize "$f")" /dev/null "$floor" "$f"
	measure "sp-read:$n" "$(fsize "$f")" /dev/null "$spread" "$f"
	measure "cat:$n" "$(fsize "$s")" /dev/null cat "$s"
	measure "sp-stack:$n" "$(fsize "$s")" "$s" "$spstack"
	measure_pipe "pipeline:$n" "$f"
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

# --- report ------------------------------------------------------------

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", n / s / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
human() {
	awk -v n="$1" 'BEGIN { if (n >= 1e6) printf "%gM", n / 1e6;
	    else if (n >= 1e3) printf "%gK", n / 1e3; else print n }'
}

# row STAGE N FLOORSTAGE LABEL [RSSCELL]
row() {
	local key=$1:$2 fk=$3:$2
	local sec=${SEC[$key]} b=${BYTES[$key]} c=${CPU[$key]}
	local rss=${5:-$(mib "${RSS[$key]}")}
	printf '| %s | %s | %s | %.3f | %s | %s | %.3f | %s | %s | %s |\n' \
		"$4" "$(human "$2")" "$(awk -v b="$b" 'BEGIN { printf "%.1f", b / 1e6 }')" \
		"$sec" "$(rate "$2" "$sec")" "$(rate "$b" "$sec")" \
		"$c" "$(awk -v n="$2" -v c="$c" 'BEGIN { if (c > 0) printf "%.1f", n / c / 1e6; else print "-" }')" \
		"$rss" "$(ratio "$sec" "${SEC[$fk]}")"
}

verdict() { if [ "$1" = 1 ]; then echo PASS; else echo FAIL; fi; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }

small=${sizes[0]}
large=${sizes[1]}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$root" status --porcelain -- lib cmd meson.build 2>/dev/null)" ]; then
	commit="$commit (lib/, cmd/ or meson.build have uncommitted changes)"
fi
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
memt=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)

{
	echo "# sp benchmark results"
	echo
	if [ $quick = 1 ]; then
		echo "**Quick run** (100K and 1M calls): a smoke test, not the reference numbers."
		echo
	fi
	echo "Written by \`bench/run.sh$([ $quick = 1 ] && echo ' --quick')\`; see bench/README.md for the method."
	echo
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "- commit: $commit"
	echo "- machine: $(nproc) CPUs, $cpu, $memt RAM, Linux $(uname -r)"
	echo "- load average (1/5/15 min) before: $load0; after: $load1"
	echo "- build: $build ($buildtype), $(cc --version | head -n 1), HDF5 $(pkg-config --modversion hdf5)"
	echo "- inputs: \`spgen.py synth ${genargs[*]} --calls N\` (schema 3, one rank," \
		"9 regions, events chunked by h5py's guess); streams made by the sp-read under test"
	echo "- each measurement: median of $reps runs (seconds), peak RSS: highest of the runs;" \
		"MB = 10^6 bytes of the stage's input; × floor = seconds / floor seconds"
	echo "- quiet machine: each run waited for >= ${SP_BENCH_IDLE:-90}% idle CPUs (lowest seen: $MINIDLE%);" \
		"$BUSY of $(( ${#sizes[@]} * 5 * reps )) runs started on a busy machine after the wait ran out"
	for x in "${notes[@]}"; do echo "- note: $x"; done
	if [ "$BUSY" -gt 0 ]; then
		echo
		echo "**The machine was busy** (other processes used the CPUs during $BUSY runs):"
		echo "wall times include waiting for a CPU. Compare CPU s, and re-run on an"
		echo "idle machine before trusting the wall-clock verdicts."
	fi
	echo
	echo "| stage | calls | input MB | seconds | M calls/s | MB/s | CPU s | M calls/CPU s | peak RSS MiB | × floor |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		row h5floor "$n" h5floor "floor: h5floor FILE.h5 (bare chunked H5Dread)"
		row sp-read "$n" h5floor "sp-read FILE.h5 > /dev/null"
		row cat "$n" cat "floor: cat STREAM > /dev/null"
		row sp-stack "$n" cat "sp-stack < STREAM > /dev/null"
		row pipeline "$n" h5floor "sp-read FILE.h5 \\| sp-stack > /dev/null" \
			"$(mib "${RSSA[pipeline:$n]}") + $(mib "${RSSB[pipeline:$n]}")"
	done
	echo
	echo "seconds: wall clock (median); M calls/s and MB/s are per wall second."
	echo "CPU s: user + system of the measured processes (median, 1 ms"
	echo "resolution). × floor: wall seconds / the floor's wall seconds."
	echo "Pipeline rows: input MB and MB/s are of the HDF5 file; CPU s is both"
	echo "stages together; peak RSS is sp-read + sp-stack, each measured inside"
	echo "the pipeline; × floor is against h5floor (the pipeline cannot beat"
	echo "reading the HDF5 file)."
	echo
	echo "CPU seconds of each stage inside the pipeline (median; GNU time, 10 ms"
	echo "resolution). On an idle 2-CPU machine the two stages run in parallel,"
	echo "so the slower stage's CPU time bounds the pipeline's wall time:"
	echo
	for n in "${sizes[@]}"; do
		k=pipeline:$n
		echo "- $(human "$n") calls: sp-read ${CPUA[$k]} s, sp-stack ${CPUB[$k]} s;" \
			"bound $(awk -v n="$n" -v a="${CPUA[$k]}" -v b="${CPUB[$k]}" \
			'BEGIN { m = a > b ? a : b; if (m > 0) printf "%.1f", n / m / 1e6; else print "-" }') M calls/s"
	done
	echo
	echo "## Verdict (foundation issue targets)"
	echo
	echo "| target | measured | verdict |"
	echo "| --- | --- | --- |"
	all=1
	for n in "${sizes[@]}"; do
		r=$(rate "$n" "${SEC[pipeline:$n]}")
		ok=0; ge "$r" 20 && ok=1; [ $ok = 1 ] || all=0
		echo "| pipeline >= 20 M calls/s, $(human "$n") calls | $r M calls/s | $(verdict $ok) |"
	done
	# stage name, table, key: peak RSS <= 64 MiB and flat
	for st in "sp-read:RSS:sp-read" "sp-stack:RSS:sp-stack" \
		"sp-read in the pipeline:RSSA:pipeline" "sp-stack in the pipeline:RSSB:pipeline"; do
		IFS=: read -r name tab key <<<"$st"
		declare -n t=$tab
		a=${t[$key:$small]}; b=${t[$key:$large]}
		ok=0; le "$a" 65536 && le "$b" 65536 && ok=1; [ $ok = 1 ] || all=0
		echo "| $name peak RSS <= 64 MiB | $(mib "$a") MiB ($(human "$small")), $(mib "$b") MiB ($(human "$large")) | $(verdict $ok) |"
		ok=0; le "$b" "$(awk -v a="$a" 'BEGIN { print a * 1.10 + 2048 }')" && ok=1
		[ $ok = 1 ] || all=0
		echo "| $name peak RSS flat ($(human "$large") <= 1.10 × $(human "$small") + 2 MiB) | $(mib "$b") <= $(awk -v a="$a" 'BEGIN { printf "%.1f", (a * 1.10 + 2048) / 1024 }') MiB | $(verdict $ok) |"
		unset -n t
	done
	echo
	if [ $all = 1 ]; then
		echo "**Overall: PASS** (every target met)."
	else
		echo "**Overall: FAIL** (see the rows marked FAIL)."
	fi
	echo
	echo "## Raw runs"
	echo
	echo "Wall seconds / CPU seconds of each run (pipeline: and sp-read+sp-stack CPU)."
	echo
	for n in "${sizes[@]}"; do
		for st in h5floor sp-read cat sp-stack pipeline; do
			x="- $st, $(human "$n") calls: ${RAW[$st:$n]} / ${RAWC[$st:$n]}"
			[ $st = pipeline ] && x="$x / ${STAGECPU[$st:$n]}"
			echo "$x"
		done
	done
} >"$tmp/results.md"
mv "$tmp/results.md" "$out"
say "wrote $out"
