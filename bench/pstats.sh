#!/usr/bin/env bash
# bench/pstats.sh: throughput (calls/s) and peak memory of sp-pstats, in
# the pipeline sp-read | sp-stack | sp-pstats and alone on a call stream,
# on profiles of 1M and 10M calls, against the floor of the same pipeline
# without sp-pstats (sp-read | sp-stack >/dev/null).
#
#   bench/pstats.sh            1M- and 10M-call inputs, writes
#                              bench/data/PSTATS.md
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

. "$(dirname "$0")/common.sh"
bench_args pstats.sh "$@"
bench_init pstats.sh $quick
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/PSTATS-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/PSTATS.md}
fi
# sp-pstats' call log spills here (--no-call-paths): the same disk
export TMPDIR=$tmp

bench_build cmd/sp-read cmd/sp-stack cmd/sp-pstats
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
sppstats=$build/cmd/sp-pstats

# --- inputs --------------------------------------------------------------

declare -A h5s calls
for n in "${sizes[@]}"; do
	h5s[$n]=$(input_h5 "$n")
	calls[$n]=$(calls_of "${h5s[$n]}")
done

# --- measuring -----------------------------------------------------------

# alone CMD...: sp-pstats on a file; sets T (wall s) and R (peak RSS KiB).
alone() { timed /dev/null "$@"; }

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
	h5=${h5s[$n]}
	s=${calls[$n]}
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
