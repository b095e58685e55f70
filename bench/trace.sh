#!/usr/bin/env bash
# bench/trace.sh: throughput (M calls/s, MB/s of trace written) and peak
# memory of sp-trace, both formats, on the 1M- and 10M-call profiles of
# bench/run.sh, against floors measured in the same run (cat of the call
# stream and of the trace to /dev/null, and of the trace to a new file),
# and its targets: protobuf at least 30 M calls/s, peak RSS
# under 64 MiB and flat.
#
#   bench/trace.sh           1M- and 10M-call inputs, writes
#                            bench/data/TRACE.md
#   bench/trace.sh --quick   100K- and 1M-call inputs, writes
#                            bench/data/TRACE-quick.md
#
# Inputs are the synthetic profiles of bench/run.sh (spgen synth, schema 3,
# template shape, one rank), generated into bench/data/ (git-ignored) when
# missing and reused otherwise; their call streams are made next to them by
# the sp-read | sp-stack under test (common.sh: calls_of).
# Environment: SP_BUILD (release build tree, default build-bench),
# SP_BENCH_REPS (runs per measurement, default 3; the median is reported),
# SP_BENCH_OUT (results file), SP_BENCH_IDLE / SP_BENCH_WAIT (wait for an
# idle machine: percent idle, default 90, and seconds at most, default 300).
set -euo pipefail

. "$(dirname "$0")/common.sh"
bench_args trace.sh "$@"
bench_init trace.sh $quick
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/TRACE-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/TRACE.md}
fi

bench_build cmd/sp-read cmd/sp-stack cmd/sp-trace
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
sptrace=$build/cmd/sp-trace

# --- what is measured ------------------------------------------------------

# KEY|LABEL|OUTPUT|OPTIONS: OUTPUT is a file name under $tmp (checked
# against the reference trace of its format) or /dev/null.
cases=(
	"pf|protobuf to a file: -o t.pftrace|t.pftrace|"
	"pfnull|protobuf to /dev/null|/dev/null|"
	"pfnoargs|protobuf, --no-args|/dev/null|--no-args"
	"pfalign|protobuf, --align start (the spool: 4M, then a file)|/dev/null|--align start"
	"pfgz|protobuf gzip: -o t.pftrace.gz|t.pftrace.gz|"
	"js|JSON to a file: -f json -o t.json|t.json|-f json"
	"jsnoargs|JSON, --no-args|/dev/null|-f json --no-args"
)

# --- measuring (measure_reps, timed: see common.sh) ------------------------

for n in "${sizes[@]}"; do
	h5=$(input_h5 "$n")
	calls=$(calls_of "$h5")
	res[$n:h5]=$(fsize "$h5")
	res[$n:calls]=$(fsize "$calls")
	say "$n calls: the reference traces"
	"$sptrace" "$calls" -o "$tmp/ref.pftrace" &&
		"$sptrace" -f json "$calls" -o "$tmp/ref.json" ||
		die "sp-trace failed on $calls"
	res[$n:pfbytes]=$(fsize "$tmp/ref.pftrace")
	res[$n:jsbytes]=$(fsize "$tmp/ref.json")
	"$sptrace" --no-args "$calls" -o "$tmp/na.pftrace" &&
		"$sptrace" --no-args -f json "$calls" -o "$tmp/na.json" ||
		die "sp-trace --no-args failed on $calls"
	res[$n:pfnabytes]=$(fsize "$tmp/na.pftrace")
	res[$n:jsnabytes]=$(fsize "$tmp/na.json")
	rm -f "$tmp/na.pftrace" "$tmp/na.json"
	cat "$calls" "$tmp/ref.pftrace" "$tmp/ref.json" >/dev/null	# page cache

	for c in "${cases[@]}"; do
		IFS='|' read -r key label o opts <<<"$c"
		ref=-
		case $o in
		/dev/null) ;;
		*.gz) o=$tmp/$o ;;
		*.json) ref=$tmp/ref.json o=$tmp/$o ;;
		*) ref=$tmp/ref.pftrace o=$tmp/$o ;;
		esac
		say "$n calls: $label"
		# shellcheck disable=SC2086
		measure_reps "$n:$key" "$ref" "$o" "$sptrace" $opts "$calls" -o "$o"
		if [ "$key" = pfgz ]; then
			res[$n:gzbytes]=$(fsize "$o")
			gzip -dc "$o" | cmp -s - "$tmp/ref.pftrace" ||
				die "$key: the .gz differs from the plain trace"
		fi
		if [ -f "$o" ] && [ ! -c "$o" ]; then rm -f "$o"; fi
	done

	say "$n calls: floors and the pipeline"
	measure_reps "$n:catcalls" - /dev/null cat "$calls"
	measure_reps "$n:catpf" - /dev/null cat "$tmp/ref.pftrace"
	measure_reps "$n:catjs" - /dev/null cat "$tmp/ref.json"
	# what a new file of the trace's bytes costs: the floor of -o t.pftrace
	measure_reps "$n:writepf" - "$tmp/w.pftrace" \
		sh -c 'cat "$1" >"$2"' sh "$tmp/ref.pftrace" "$tmp/w.pftrace"
	rm -f "$tmp/w.pftrace"
	tp=() rp=()
	for ((i = 0; i < reps; i++)); do
		wait_quiet
		t0=$EPOCHREALTIME
		"$spread" "$h5" | "$spstack" |
			$timebin -f %M -o "$tmp/rss" "$sptrace" -o "$tmp/p.pftrace" ||
			die "pipeline failed"
		t1=$EPOCHREALTIME
		tp+=("$(elapsed "$t0" "$t1")") rp+=("$(tail -n 1 "$tmp/rss")")
		if ! cmp -s "$tmp/p.pftrace" "$tmp/ref.pftrace"; then
			# kept for a look (bench/data is git-ignored)
			mv "$tmp/p.pftrace" "$data/trace-pipeline-differs.pftrace"
			mv "$tmp/ref.pftrace" "$data/trace-pipeline-ref.pftrace"
			cmp "$data/trace-pipeline-differs.pftrace" \
				"$data/trace-pipeline-ref.pftrace" >&2 || true
			die "the pipeline's trace differs from that of the call stream on file (both kept in $data)"
		fi
		rm -f "$tmp/p.pftrace"
	done
	res[$n:pipe:t]=$(median "${tp[@]}")
	res[$n:pipe:r]=$(maxof "${rp[@]}")
	rm -f "$tmp/ref.pftrace" "$tmp/ref.json"
done

# --- verdicts --------------------------------------------------------------

small=${sizes[0]} large=${sizes[${#sizes[@]} - 1]}
speed=met rss=met fspeed=met wspeed=met
# protobuf at 30 M calls/s, wall time, on every input of at least 1M
# calls: the exporter (to /dev/null), and to a file, whose floor (writing
# the trace's bytes with cat) is reported beside it
for n in "${sizes[@]}"; do
	[ "$n" -ge 1000000 ] || continue
	ge "$(mcps "$n" "${res[$n:pfnull:t]}")" 30 || speed="NOT met"
	ge "$(mcps "$n" "${res[$n:pf:t]}")" 30 || fspeed="NOT met"
	ge "$(mcps "$n" "${res[$n:writepf:t]}")" 30 || wspeed="NOT met"
done
for c in "${cases[@]}"; do
	key=${c%%|*}
	for n in "${sizes[@]}"; do
		le "${res[$n:$key:r]}" 65536 || rss="NOT met"
	done
	flat "${res[$small:$key:r]}" "${res[$large:$key:r]}" || rss="NOT met"
done
for n in "${sizes[@]}"; do
	le "${res[$n:pipe:r]}" 65536 || rss="NOT met"
done
flat "${res[$small:pipe:r]}" "${res[$large:pipe:r]}" || rss="NOT met"

# --- report ----------------------------------------------------------------

# The bytes a case's output has, uncompressed (what MB/s counts).
bytes_of() {
	case $1 in
	pfnoargs) echo "${res[$2:pfnabytes]}" ;;
	jsnoargs) echo "${res[$2:jsnabytes]}" ;;
	js*) echo "${res[$2:jsbytes]}" ;;
	*) echo "${res[$2:pfbytes]}" ;;
	esac
}

row() {	# row KEY LABEL: one measurement as a table row per size
	local key=$1 label=$2 n b
	for n in "${sizes[@]}"; do
		b=$(bytes_of "$key" "$n")
		printf '| %s | %s | %.3f s | **%s** | %s | %.2f s | %s | **%s MiB** |\n' \
			"$label" "$n" "${res[$n:$key:t]}" "$(mcps "$n" "${res[$n:$key:t]}")" \
			"$(mbps "$b" "${res[$n:$key:t]}")" "${res[$n:$key:c]}" \
			"$(mcps "$n" "${res[$n:$key:c]}")" "$(mib "${res[$n:$key:r]}")"
	done
}

perc() { awk -v b="$1" -v n="$2" 'BEGIN { printf "%.1f", b / n }'; }

{
	echo "# sp-trace: throughput and memory"
	echo
	if [ $quick = 1 ]; then
		echo "**Quick run** (small inputs): a smoke test, not the reference numbers."
		echo
	fi
	echo "Written by \`bench/trace.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"(method: \`bench/README.md\`). Every figure below was"
	echo "measured in this run; floors too."
	echo
	about_lines
	echo "- each measurement: median of $reps runs (wall seconds); CPU: user +"
	echo "  system; peak RSS: GNU time %M, the highest of the runs"
	echo "- inputs: \`spgen.py synth ${genargs[*]} --calls N\` (one rank,"
	echo "  one lane, 9 regions, depth 6, every region with its source"
	echo "  location), read by the sp-read | sp-stack under test into a call"
	echo "  stream, all in the page cache. MB = 10^6 bytes, MiB = 2^20 bytes;"
	echo "  MB/s = bytes of trace (uncompressed, also for .gz) / wall seconds."
	echo
	for n in "${sizes[@]}"; do
		echo "- $n calls: HDF5 $(mb "${res[$n:h5]}") MB, call stream" \
			"$(mb "${res[$n:calls]}") MB; protobuf $(mb "${res[$n:pfbytes]}") MB" \
			"($(perc "${res[$n:pfbytes]}" "$n") B/call; --no-args" \
			"$(perc "${res[$n:pfnabytes]}" "$n")), .pftrace.gz $(mb "${res[$n:gzbytes]}") MB" \
			"($(perc "${res[$n:gzbytes]}" "$n")), JSON $(mb "${res[$n:jsbytes]}") MB" \
			"($(perc "${res[$n:jsbytes]}" "$n"); --no-args $(perc "${res[$n:jsnabytes]}" "$n"))"
	done
	echo
	echo "| what | calls | wall | M calls/s | MB/s | CPU | M calls/CPU s | peak RSS |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for c in "${cases[@]}"; do
		IFS='|' read -r key label _ _ <<<"$c"
		row "$key" "$label"
	done
	for n in "${sizes[@]}"; do
		printf '| floor: cat CALLS >/dev/null | %s | %.3f s | %s | %s | | | |\n' \
			"$n" "${res[$n:catcalls:t]}" "$(mcps "$n" "${res[$n:catcalls:t]}")" \
			"$(mbps "${res[$n:calls]}" "${res[$n:catcalls:t]}")"
		printf '| floor: cat t.pftrace >/dev/null | %s | %.3f s | | %s | | | |\n' \
			"$n" "${res[$n:catpf:t]}" "$(mbps "${res[$n:pfbytes]}" "${res[$n:catpf:t]}")"
		printf '| floor: cat t.json >/dev/null | %s | %.3f s | | %s | | | |\n' \
			"$n" "${res[$n:catjs:t]}" "$(mbps "${res[$n:jsbytes]}" "${res[$n:catjs:t]}")"
		printf '| floor: cat t.pftrace > a new file | %s | %.3f s | %s | %s | | | |\n' \
			"$n" "${res[$n:writepf:t]}" "$(mcps "$n" "${res[$n:writepf:t]}")" \
			"$(mbps "${res[$n:pfbytes]}" "${res[$n:writepf:t]}")"
	done
	for n in "${sizes[@]}"; do
		printf '| sp-read run.h5 \\| sp-stack \\| sp-trace -o t.pftrace | %s | %.3f s | %s | %s | | | %s MiB (sp-trace) |\n' \
			"$n" "${res[$n:pipe:t]}" "$(mcps "$n" "${res[$n:pipe:t]}")" \
			"$(mbps "${res[$n:pfbytes]}" "${res[$n:pipe:t]}")" "$(mib "${res[$n:pipe:r]}")"
	done
	echo
	echo "× floor (wall), protobuf to a file: $(for n in "${sizes[@]}"; do
		printf '%s calls %s×; ' "$n" "$(awk -v a="${res[$n:pf:t]}" \
			-v b="${res[$n:catcalls:t]}" -v c="${res[$n:catpf:t]}" \
			'BEGIN { printf "%.1f", a / (b + c) }')"; done | sed 's/; $//')."
	echo
	echo "× the floor of writing the trace's bytes (cat t.pftrace > a new"
	echo "file), protobuf to a file: $(for n in "${sizes[@]}"; do
		printf '%s calls %s×; ' "$n" "$(awk -v a="${res[$n:pf:t]}" \
			-v b="${res[$n:writepf:t]}" 'BEGIN { printf "%.1f", a / b }')"; done |
		sed 's/; $//')."
	echo
	echo "Targets: protobuf at least 30 M calls/s (wall time, every input"
	echo "of at least 1M calls), the exporter (to /dev/null): **$speed**;"
	echo "to a file: **$fspeed** (at 30 M calls/s, writing the trace's bytes"
	echo "alone with cat, on this machine in this run: **$wspeed**)."
	echo "Peak RSS under 64 MiB and flat ($large calls take at"
	echo "most 1.10 × the RSS of $small + 2 MiB; every row and the"
	echo "pipeline): **$rss**."
	echo
	echo "Memory does not grow with the calls: a batch of the input, the"
	echo "output buffers (the writer's 1 MiB and the output's 256 KiB), per"
	echo "lane its open slices, per region its name and"
	echo "slice template; with --align, the rank's calls wait in the spool's"
	echo "4 MiB and then in a temporary file. CPU counts both threads. On a"
	echo "busy machine the wall times include waiting for a CPU: the CPU"
	echo "columns are then the better guide."
} >"$out"
say "wrote $out"
cat "$out"
