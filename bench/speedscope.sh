#!/usr/bin/env bash
# bench/speedscope.sh: throughput (MB/s of JSON written) and peak memory
# of sp-speedscope on call streams of 1M and 10M calls, against floors
# measured in the same run: cat of the output document to /dev/null (the
# speed of reading it back from the page cache), and cat of it to a file
# (the speed of writing that many bytes).
#
#   bench/speedscope.sh            1M- and 10M-call inputs, writes
#                                  bench/SPEEDSCOPE.md
#   bench/speedscope.sh --quick    100K- and 1M-call inputs, writes
#                                  bench/data/SPEEDSCOPE-quick.md
#
# Inputs are the synthetic profiles of bench/run.sh (spgen synth, schema 3,
# template shape, one rank), generated into bench/data/ (git-ignored) when
# missing and reused otherwise; their call streams are made there by the
# sp-read and sp-stack under test.
# Environment: SP_BUILD (release build tree, default build-bench),
# SP_BENCH_REPS (runs per measurement, default 3; the median is reported),
# SP_BENCH_OUT (results file), SP_BENCH_IDLE / SP_BENCH_WAIT (wait for an
# idle machine: percent idle, default 90, and seconds at most, default 300).
set -euo pipefail

usage() {
	sed -n '2,22s/^# \{0,1\}//p' "$0"
}

quick=0
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "speedscope.sh: unknown option '$a'" >&2; usage >&2; exit 2 ;;
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
	out=${SP_BENCH_OUT:-$data/SPEEDSCOPE-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$bench/SPEEDSCOPE.md}
fi
# The same inputs as bench/run.sh: the parameters are part of the names.
genargs=(--schema 3 --shape template --ranks 1 --storage auto --seed 1)
genkey=s3-template-r1-auto-seed1

say() { printf 'speedscope.sh: %s\n' "$*" >&2; }
die() { printf 'speedscope.sh: %s\n' "$*" >&2; exit 1; }

mkdir -p "$data"
tmp=$(mktemp -d "$data/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

timebin=/usr/bin/time
if ! [ -x $timebin ] || ! $timebin -f %M true >/dev/null 2>&1; then
	die "GNU time is missing: install the package 'time'"
fi

# --- build ---------------------------------------------------------------

if [ ! -f "$build/build.ninja" ]; then
	say "setting up $build (release)"
	meson setup "$build" "$root" --buildtype=release >/dev/null
fi
say "building in $build"
ninja -C "$build" cmd/sp-read cmd/sp-stack cmd/sp-speedscope >/dev/null ||
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
spss=$build/cmd/sp-speedscope

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
mbps() { awk -v b="$1" -v t="$2" 'BEGIN { printf "%.0f", b / t / 1e6 }'; }
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

# timed OUT CMD...: one run with stdout to OUT; sets T (wall seconds),
# R (peak RSS KiB, GNU time %M) and C (CPU seconds, user + system).
timed() {
	local o=$1 t0 t1
	shift
	wait_quiet
	t0=$EPOCHREALTIME
	$timebin -f '%M %U %S' -o "$tmp/rss" "$@" >"$o" || die "failed: $*"
	t1=$EPOCHREALTIME
	T=$(elapsed "$t0" "$t1")
	read -r R C < <(tail -n 1 "$tmp/rss" | awk '{ print $1, $2 + $3 }')
}

declare -A res
for n in "${sizes[@]}"; do
	s=$(calls_of "$n")
	doc=$tmp/doc.speedscope.json
	cat "$s" >/dev/null	# page cache
	ts=() cs=() rs=() tn=() rn=() tf=() tw=() tu=() ru=() tp=() rp=()
	for ((i = 0; i < reps; i++)); do
		say "$n calls, run $((i + 1)) of $reps"
		rm -f "$doc"
		timed /dev/null "$spss" -o "$doc" "$s"
		ts+=("$T") cs+=("$C") rs+=("$R")
		bytes=$(fsize "$doc")
		# the same, to /dev/null: the cost of the export alone
		timed /dev/null "$spss" -o /dev/null "$s"
		tn+=("$T") rn+=("$R")
		# floors: the document read back, and written again
		timed /dev/null cat "$doc"
		tf+=("$T")
		rm -f "$tmp/copy.json"
		timed "$tmp/copy.json" cat "$doc"
		tw+=("$T")
		rm -f "$tmp/copy.json"
		# --unit ns: integers, shorter
		timed /dev/null "$spss" --unit ns -o "$tmp/ns.json" "$s"
		tu+=("$T") ru+=("$R")
		ubytes=$(fsize "$tmp/ns.json")
		rm -f "$tmp/ns.json"
		# the whole pipeline from the HDF5 file (sp-speedscope's RSS)
		wait_quiet
		t0=$EPOCHREALTIME
		"$spread" "$(h5_of "$n")" | "$spstack" |
			$timebin -f %M -o "$tmp/rss" "$spss" -o "$tmp/p.json" ||
			die "pipeline failed"
		t1=$EPOCHREALTIME
		tp+=("$(elapsed "$t0" "$t1")") rp+=("$(tail -n 1 "$tmp/rss")")
		cmp -s "$tmp/p.json" "$doc" || die "pipeline document differs"
		rm -f "$tmp/p.json"
	done
	res[$n:bytes]=$bytes
	res[$n:ubytes]=$ubytes
	res[$n:sps]=$(fsize "$s")
	res[$n:t]=$(median "${ts[@]}")
	res[$n:r]=$(maxof "${rs[@]}")
	res[$n:c]=$(median "${cs[@]}")
	res[$n:tn]=$(median "${tn[@]}")
	res[$n:rn]=$(maxof "${rn[@]}")
	res[$n:tf]=$(median "${tf[@]}")
	res[$n:tw]=$(median "${tw[@]}")
	res[$n:tu]=$(median "${tu[@]}")
	res[$n:ru]=$(maxof "${ru[@]}")
	res[$n:tp]=$(median "${tp[@]}")
	res[$n:rp]=$(maxof "${rp[@]}")
	rm -f "$doc"
done

# --- report --------------------------------------------------------------

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- lib cmd 2>/dev/null | head -n 1)
[ -n "$dirty" ] && commit="$commit + uncommitted changes"
small=${sizes[0]} large=${sizes[1]}
rss_small=${res[$small:r]} rss_large=${res[$large:r]}
verdict_speed=met verdict_rss=met
for n in "${sizes[@]}"; do
	[ "$(mbps "${res[$n:bytes]}" "${res[$n:t]}")" -ge 300 ] ||
		verdict_speed="NOT met"
	[ "${res[$n:r]}" -le 65536 ] || verdict_rss="NOT met"
done
flat=$(awk -v a="$rss_small" -v b="$rss_large" 'BEGIN {
	d = b - a; printf "%+.1f MiB (%+.0f%%)", d / 1024, 100 * d / a }')

{
	echo "# sp-speedscope: throughput and memory"
	echo
	echo "Written by \`bench/speedscope.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"on $(date -u +%Y-%m-%d) at commit $commit."
	echo "Machine: $cpu, $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM."
	echo "Build: \`$build\` ($buildtype). Median of $reps runs; peak RSS is"
	echo "the largest of them (GNU time %M)."
	[ "$BUSY" -gt 0 ] && echo "**$BUSY runs started on a busy machine.**"
	echo
	echo "Inputs: \`spgen synth ${genargs[*]} --calls N\`, one lane;"
	echo "call streams made by sp-read | sp-stack (in page cache)."
	echo "MB = 10^6 bytes; MB/s = bytes of JSON written / wall time."
	echo
	echo "| calls | call stream | JSON | sp-speedscope -o FILE | MB/s | peak RSS |"
	echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		printf '| %s | %.1f MB | %.1f MB | %.3f s | **%s** | **%s MiB** |\n' \
			"$n" "$(awk -v b="${res[$n:sps]}" 'BEGIN { print b / 1e6 }')" \
			"$(awk -v b="${res[$n:bytes]}" 'BEGIN { print b / 1e6 }')" \
			"${res[$n:t]}" "$(mbps "${res[$n:bytes]}" "${res[$n:t]}")" \
			"$(mib "${res[$n:r]}")"
	done
	echo
	echo "Floors and variants, same JSON bytes unless noted:"
	echo
	echo "| calls | floor: cat DOC >/dev/null | floor: cat DOC >FILE | sp-speedscope -o /dev/null | --unit ns -o FILE | sp-read \\| sp-stack \\| sp-speedscope |"
	echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		b=${res[$n:bytes]}
		printf '| %s | %.3f s, %s MB/s | %.3f s, %s MB/s | %.3f s, %s MB/s, %s MiB | %.3f s, %.1f MB, %s MB/s, %s MiB | %.3f s, %s MB/s, %s MiB |\n' \
			"$n" \
			"${res[$n:tf]}" "$(mbps "$b" "${res[$n:tf]}")" \
			"${res[$n:tw]}" "$(mbps "$b" "${res[$n:tw]}")" \
			"${res[$n:tn]}" "$(mbps "$b" "${res[$n:tn]}")" "$(mib "${res[$n:rn]}")" \
			"${res[$n:tu]}" "$(awk -v b="${res[$n:ubytes]}" 'BEGIN { print b / 1e6 }')" \
			"$(mbps "${res[$n:ubytes]}" "${res[$n:tu]}")" "$(mib "${res[$n:ru]}")" \
			"${res[$n:tp]}" "$(mbps "$b" "${res[$n:tp]}")" "$(mib "${res[$n:rp]}")"
	done
	echo
	echo "CPU time of sp-speedscope -o FILE (user + system, GNU time, 10 ms"
	echo "resolution), which a busy machine disturbs less than wall time:"
	echo
	echo "| calls | CPU | MB per CPU second |"
	echo "| ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		printf '| %s | %.2f s | %s |\n' "$n" "${res[$n:c]}" \
			"$(mbps "${res[$n:bytes]}" "${res[$n:c]}")"
	done
	echo
	echo "Targets: at least 300 MB/s: **$verdict_speed**; peak RSS at most"
	echo "64 MiB: **$verdict_rss**, and flat: $small to $large calls changes it"
	echo "by $flat."
	echo
	echo "The floors bound what any writer of these bytes can do here: reading"
	echo "the document back from the page cache, and writing it to a file of"
	echo "the same file system. sp-speedscope's time includes reading and"
	echo "decoding the call stream, replaying the stack and formatting every"
	echo "\"at\" as Python's repr (shortest round-trip digits)."
} >"$out"
say "wrote $out"
cat "$out"
