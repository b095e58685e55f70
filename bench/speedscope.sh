#!/usr/bin/env bash
# bench/speedscope.sh: throughput (MB/s of JSON written) and peak memory
# of sp-speedscope on call streams of 1M and 10M calls, against floors
# measured in the same run: cat of the output document to /dev/null (the
# speed of reading it back from the page cache), and cat of it to a file
# (the speed of writing that many bytes).
#
#   bench/speedscope.sh            1M- and 10M-call inputs, writes
#                                  bench/data/SPEEDSCOPE.md
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

. "$(dirname "$0")/common.sh"
bench_args speedscope.sh "$@"
bench_init speedscope.sh $quick
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/SPEEDSCOPE-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/SPEEDSCOPE.md}
fi

bench_build cmd/sp-read cmd/sp-stack cmd/sp-speedscope
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
spss=$build/cmd/sp-speedscope

# --- inputs --------------------------------------------------------------

declare -A h5s calls
for n in "${sizes[@]}"; do
	h5s[$n]=$(input_h5 "$n")
	calls[$n]=$(calls_of "${h5s[$n]}")
done
h5_of() { echo "${h5s[$1]}"; }

# --- measuring (timed: see common.sh) --------------------------------------

declare -A res
for n in "${sizes[@]}"; do
	s=${calls[$n]}
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
