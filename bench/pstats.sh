#!/usr/bin/env bash
# bench/pstats.sh: throughput (calls/s) and peak memory of sp-pstats, in
# the pipeline sp-read | sp-stack | sp-pstats and alone on a call stream,
# on profiles of 1M and 10M calls, against the floor of the same pipeline
# without sp-pstats (sp-read | sp-stack >/dev/null).
#
#   bench/pstats.sh            1M- and 10M-call inputs, writes
#                              bench/PSTATS.md
#   bench/pstats.sh --quick    100K- and 1M-call inputs, writes
#                              bench/data/PSTATS-quick.md
#
# Inputs are the synthetic profiles of bench/run.sh (spgen synth, schema 3,
# template shape, one rank: few distinct call paths), generated into
# bench/data/ (git-ignored) when missing and reused otherwise; their call
# streams are made there by the sp-read and sp-stack under test.
# Environment: SP_BUILD (release build tree, default build-bench),
# SP_BENCH_REPS (runs per measurement, default 3; the median is reported),
# SP_BENCH_OUT (results file), SP_BENCH_IDLE / SP_BENCH_WAIT (wait for an
# idle machine: percent idle, default 90, and seconds at most, default 300).
set -euo pipefail

usage() {
	sed -n '2,19s/^# \{0,1\}//p' "$0"
}

quick=0
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "pstats.sh: unknown option '$a'" >&2; usage >&2; exit 2 ;;
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
	out=${SP_BENCH_OUT:-$data/PSTATS-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$bench/PSTATS.md}
fi
# The same inputs as bench/run.sh: the parameters are part of the names.
genargs=(--schema 3 --shape template --ranks 1 --storage auto --seed 1)
genkey=s3-template-r1-auto-seed1

say() { printf 'pstats.sh: %s\n' "$*" >&2; }
die() { printf 'pstats.sh: %s\n' "$*" >&2; exit 1; }

mkdir -p "$data"
tmp=$(mktemp -d "$data/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# sp-pstats' call log spills here (--no-call-paths): the same disk
export TMPDIR=$tmp

timebin=/usr/bin/time
if ! [ -x $timebin ] || ! $timebin -f %M true >/dev/null 2>&1; then
	die "GNU time is missing: install the package 'time'"
fi

# --- build ---------------------------------------------------------------

if [ ! -f "$build/build.ninja" ]; then
	say "setting up $build (release)"
	meson setup "$build" --buildtype=release >/dev/null
fi
say "building in $build"
ninja -C "$build" cmd/sp-read cmd/sp-stack cmd/sp-pstats >/dev/null ||
	die "ninja failed"
buildtype=$($py -c 'import json,sys
o={x["name"]:x["value"] for x in json.load(open(sys.argv[1]))}
print(o.get("buildtype","?"), "-O%s" % o.get("optimization","?"))' \
	"$build/meson-info/intro-buildoptions.json" 2>/dev/null || echo unknown)
case $buildtype in
release*) ;;
*) say "warning: $build is '$buildtype', not a release build" ;;
esac
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
sppstats=$build/cmd/sp-pstats

# --- inputs --------------------------------------------------------------

h5_of() { echo "$data/synth-$genkey-c$1.h5"; }
calls_of() { echo "$data/synth-$genkey-c$1.calls.sps"; }

for n in "${sizes[@]}"; do
	f=$(h5_of "$n")
	if [ -s "$f" ]; then
		say "have $f"
	else
		say "generating $f"
		$py "$gen" synth "${genargs[@]}" --calls "$n" "$tmp/gen.h5" \
			>/dev/null
		mv "$tmp/gen.h5" "$f"
	fi
	s=$(calls_of "$n")
	if [ -s "$s" ] && [ "$s" -nt "$spstack" ] && [ "$s" -nt "$spread" ] &&
	    [ "$s" -nt "$f" ]; then
		say "have $s"
	else
		say "making $s"
		"$spread" "$f" | "$spstack" -o "$tmp/gen.sps" ||
			die "sp-read | sp-stack failed on $f"
		mv "$tmp/gen.sps" "$s"
	fi
done

# --- measuring -----------------------------------------------------------

fsize() { stat -c %s "$1"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
	if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR/2] + v[NR/2 + 1]) / 2 }'; }
maxof() { printf '%s\n' "$@" | sort -g | tail -n 1; }
mcps() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t / 1e6 }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# The machine may be shared: before each run, wait until the CPUs were at
# least SP_BENCH_IDLE percent idle over half a second (SP_BENCH_WAIT
# seconds at most in all). Runs that start busy are counted in BUSY.
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
wait_quiet() {
	local want=${SP_BENCH_IDLE:-90} limit=${SP_BENCH_WAIT:-300} p
	while :; do
		p=$(idle_pct)
		[ "$p" -ge "$want" ] && return 0
		if [ "$waited" -ge "$limit" ]; then
			BUSY=$((BUSY + 1))
			return 0
		fi
		[ $((waited % 30)) = 0 ] && say "machine busy ($p% idle), waiting"
		sleep 1
		waited=$((waited + 1))
	done
}

# alone CMD...: sp-pstats on a file; sets T (wall s) and R (peak RSS KiB).
alone() {
	local t0 t1
	wait_quiet
	t0=$EPOCHREALTIME
	$timebin -f %M -o "$tmp/rss" "$@" >/dev/null || die "failed: $*"
	t1=$EPOCHREALTIME
	T=$(elapsed "$t0" "$t1")
	R=$(tail -n 1 "$tmp/rss")
}

# piped H5 ARGS...: sp-read H5 | sp-stack | sp-pstats ARGS; sets T (wall
# seconds of the whole pipeline) and R (peak RSS KiB of sp-pstats).
piped() {
	local h5=$1 t0 t1
	shift
	wait_quiet
	t0=$EPOCHREALTIME
	"$spread" "$h5" | "$spstack" |
		$timebin -f %M -o "$tmp/rss" "$sppstats" "$@" >/dev/null ||
		die "pipeline failed: $*"
	t1=$EPOCHREALTIME
	T=$(elapsed "$t0" "$t1")
	R=$(tail -n 1 "$tmp/rss")
}

# floor H5: sp-read H5 | sp-stack >/dev/null; sets T.
floor() {
	local t0 t1
	wait_quiet
	t0=$EPOCHREALTIME
	"$spread" "$1" | "$spstack" >/dev/null || die "floor failed"
	t1=$EPOCHREALTIME
	T=$(elapsed "$t0" "$t1")
}

declare -A res
for n in "${sizes[@]}"; do
	h5=$(h5_of "$n")
	s=$(calls_of "$n")
	cat "$h5" "$s" >/dev/null	# page cache
	tp=() rp=() ta=() ra=() tq=() rq=() tb=() rb=() tr=() rr=() tf=()
	for ((i = 0; i < reps; i++)); do
		say "$n calls, run $((i + 1)) of $reps"
		floor "$h5"
		tf+=("$T")
		piped "$h5" -o "$tmp/p.prof"
		tp+=("$T") rp+=("$R")
		piped "$h5" --no-call-paths -o "$tmp/q.prof"
		tq+=("$T") rq+=("$R")
		alone "$sppstats" -o "$tmp/a.prof" "$s"
		ta+=("$T") ra+=("$R")
		cmp -s "$tmp/a_rank0.prof" "$tmp/p_rank0.prof" ||
			die "the pipeline's .prof differs from the file's"
		alone "$sppstats" --no-call-paths -o "$tmp/b.prof" "$s"
		tb+=("$T") rb+=("$R")
		alone "$sppstats" --print --top 20 "$s"
		tr+=("$T") rr+=("$R")
	done
	# the .prof is read back by Python: it must hold n calls + the root
	got=$($py -c 'import pstats, sys, io
print(pstats.Stats(sys.argv[1], stream=io.StringIO()).total_calls)' \
		"$tmp/p_rank0.prof")
	[ "$got" = $((n + 1)) ] || die "pstats counts $got calls, want $((n + 1))"
	res[$n:entries]=$($py -c 'import marshal, sys
print(len(marshal.load(open(sys.argv[1], "rb"))))' "$tmp/p_rank0.prof")
	res[$n:bentries]=$($py -c 'import marshal, sys
print(len(marshal.load(open(sys.argv[1], "rb"))))' "$tmp/b_rank0.prof")
	res[$n:sps]=$(fsize "$s")
	res[$n:tf]=$(median "${tf[@]}")
	res[$n:tp]=$(median "${tp[@]}")
	res[$n:rp]=$(maxof "${rp[@]}")
	res[$n:tq]=$(median "${tq[@]}")
	res[$n:rq]=$(maxof "${rq[@]}")
	res[$n:ta]=$(median "${ta[@]}")
	res[$n:ra]=$(maxof "${ra[@]}")
	res[$n:tb]=$(median "${tb[@]}")
	res[$n:rb]=$(maxof "${rb[@]}")
	res[$n:tr]=$(median "${tr[@]}")
	res[$n:rr]=$(maxof "${rr[@]}")
	rm -f "$tmp"/*.prof
done

# --- report --------------------------------------------------------------

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- lib cmd 2>/dev/null | head -n 1)
[ -n "$dirty" ] && commit="$commit + uncommitted changes"
small=${sizes[0]} large=${sizes[1]}
verdict_rss=met
for n in "${sizes[@]}"; do
	for k in rp rq ra rb rr; do
		[ "${res[$n:$k]}" -le 65536 ] || verdict_rss="NOT met"
	done
done
flat() {
	awk -v a="${res[$small:$1]}" -v b="${res[$large:$1]}" 'BEGIN {
	d = b - a; printf "%+.1f MiB (%+.0f%%)", d / 1024, 100 * d / a }'
}

{
	echo "# sp-pstats: throughput and memory"
	echo
	echo "Written by \`bench/pstats.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"on $(date -u +%Y-%m-%d) at commit $commit."
	echo "Machine: $cpu, $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM."
	echo "Build: \`$build\` ($buildtype). Median of $reps runs; peak RSS is"
	echo "the largest of them (GNU time %M, of sp-pstats alone)."
	[ "$BUSY" -gt 0 ] && echo "**$BUSY runs started on a busy machine.**"
	echo
	echo "Inputs: \`spgen synth ${genargs[*]} --calls N\`: one rank, one"
	echo "lane, the same few call paths over and over (dict entries below)."
	echo "Call streams made by sp-read | sp-stack; files in the page cache."
	echo "Mcalls/s = calls / wall time."
	echo
	echo "## The pipeline: sp-read FILE.h5 | sp-stack | sp-pstats -o FILE"
	echo
	echo "| calls | floor: sp-read \\| sp-stack >/dev/null | sp-read \\| sp-stack \\| sp-pstats | peak RSS | with --no-call-paths | peak RSS |"
	echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		printf '| %s | %.3f s, %s Mcalls/s | %.3f s, **%s Mcalls/s** | **%s MiB** | %.3f s, %s Mcalls/s | **%s MiB** |\n' \
			"$n" "${res[$n:tf]}" "$(mcps "$n" "${res[$n:tf]}")" \
			"${res[$n:tp]}" "$(mcps "$n" "${res[$n:tp]}")" \
			"$(mib "${res[$n:rp]}")" \
			"${res[$n:tq]}" "$(mcps "$n" "${res[$n:tq]}")" \
			"$(mib "${res[$n:rq]}")"
	done
	echo
	echo "## sp-pstats alone, on the call stream file"
	echo
	echo "| calls | call stream | dict entries | -o FILE | peak RSS | --no-call-paths -o FILE (entries) | peak RSS | --print --top 20 | peak RSS |"
	echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		printf '| %s | %.1f MB | %s | %.3f s, %s Mcalls/s | %s MiB | %.3f s, %s Mcalls/s (%s) | %s MiB | %.3f s, %s Mcalls/s | %s MiB |\n' \
			"$n" "$(awk -v b="${res[$n:sps]}" 'BEGIN { print b / 1e6 }')" \
			"${res[$n:entries]}" \
			"${res[$n:ta]}" "$(mcps "$n" "${res[$n:ta]}")" \
			"$(mib "${res[$n:ra]}")" \
			"${res[$n:tb]}" "$(mcps "$n" "${res[$n:tb]}")" \
			"${res[$n:bentries]}" "$(mib "${res[$n:rb]}")" \
			"${res[$n:tr]}" "$(mcps "$n" "${res[$n:tr]}")" \
			"$(mib "${res[$n:rr]}")"
	done
	echo
	echo "Target: peak RSS at most 64 MiB when distinct paths are few:"
	echo "**$verdict_rss**; flat in the number of calls: $small to $large"
	echo "calls changes it by $(flat rp) in the pipeline, $(flat rq) with"
	echo "--no-call-paths."
	echo
	echo "With call paths and one lane, sp-pstats adds each call to its path"
	echo "as the call closes and keeps nothing else. With --no-call-paths (or"
	echo "several lanes) the sums must follow the reference's global call"
	echo "order, so the calls are logged, 40 bytes each, and replayed at the"
	echo "end of the rank: the log keeps 16 MiB in memory and spills the rest"
	echo "to \$TMPDIR (here the bench's scratch directory: 400 MB for 10M"
	echo "calls), which is the price of that mode in time and disk, not in"
	echo "memory. The .prof of the pipeline equals the one of the call stream"
	echo "file byte for byte, and Python's pstats loads it with N + 1 calls."
} >"$out"
say "wrote $out"
cat "$out"
