#!/usr/bin/env bash
# bench/report.sh: sp-report's page size, how soon the page shows in
# headless Chromium, and the program's time and peak memory, against the
# bounds of sp-report's issue: a page of at most 3 MB for a run of 1M
# calls on 64 ranks and for one of 100M calls alike; first paint within
# 1 s for the 1M-call, 64-rank page; at most 64 MiB, flat in the calls.
#
#   bench/report.sh           runs of 1M, 10M and 100M calls on 64 ranks;
#                             writes bench/data/REPORT.md
#   bench/report.sh --quick   1M and 10M calls only; writes
#                             bench/data/REPORT-quick.md
#
# Inputs: the template profile of bench/run.sh (9 regions, depth 6) on 64
# ranks, N / 64 calls a rank, generated into bench/data/ (git-ignored)
# when missing: the 100M-call profile (1.6 GB) takes minutes to generate
# once.  sp-report reads the call stream, made by the programs under test:
# from a file for 1M and 10M calls (kept in bench/data), through the
# pipe sp-read | sp-stack for 100M (its stream would be 5 GB); its peak
# RSS is its own (GNU time %M around it alone).  The page is written to
# a scratch file and opened in Chromium (bench/report-load.js, Debian's
# chromium and npm's playwright-core: npm ci --prefix tests/node): first
# paint, first contentful paint and the load event's end, from navigation
# start, the best of three openings; "-" without Chromium.  Environment:
# that of bench/common.sh (SP_BUILD, SP_BENCH_NOBUILD, SP_BENCH_REPS,
# SP_BENCH_IDLE, SP_BENCH_WAIT) and SP_BENCH_OUT.
set -euo pipefail

. "$(dirname "$0")/common.sh"
bench_args report.sh "$@"
bench_init report.sh $quick
if [ $quick = 1 ]; then
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/REPORT-quick.md}
else
	sizes=(1000000 10000000 100000000)
	out=${SP_BENCH_OUT:-$data/REPORT.md}
fi
ranks=64
piped_from=100000000	# calls from which the stream is not kept on disk
export TMPDIR=$tmp
bench_build cmd/sp-read cmd/sp-stack cmd/sp-stats cmd/sp-report
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
spreport=$build/cmd/sp-report

# load HTML: "FP FCP LOAD REQUESTS" in ms, or "- - - -" without Chromium
load() {
	local l
	if l=$(node "$root/bench/report-load.js" "$1" 2>"$tmp/load.err"); then
		echo "${l#* }"
	else
		say "no figures from Chromium: $(head -n 1 "$tmp/load.err")"
		echo "- - - -"
	fi
}

# piped H5 PAGE: sp-read H5 | sp-stack | sp-report -o PAGE, once; sets T
# (the pipeline's wall seconds), C (its CPU seconds) and R (sp-report's
# peak RSS KiB)
piped() {
	local t0 t1
	wait_quiet
	times >"$tmp/c0"
	t0=$EPOCHREALTIME
	"$spread" "$1" | "$spstack" |
		$timebin -f '%M' -o "$tmp/rss" "$spreport" -o "$2" ||
		die "sp-read | sp-stack | sp-report failed on $1"
	t1=$EPOCHREALTIME
	times >"$tmp/c1"
	T=$(elapsed "$t0" "$t1")
	C=$(cpu_between "$tmp/c0" "$tmp/c1")
	R=$(tail -n 1 "$tmp/rss")
}

declare -A size paint how
for n in "${sizes[@]}"; do
	h=$(input_h5 $((n / ranks)) $ranks)
	page=$tmp/r$n.html
	if [ "$n" -lt $piped_from ]; then
		s=$(calls_of "$h")
		cat "$s" >/dev/null	# page cache
		say "$(human "$n") calls: sp-report"
		measure_reps "$n" - "$page" "$spreport" -o "$page" "$s"
		how[$n]="sp-report FILE"
	else
		say "$(human "$n") calls: sp-read | sp-stack | sp-report"
		piped "$h" "$page"
		res[$n:t]=$T res[$n:c]=$C res[$n:r]=$R
		how[$n]="sp-read \\| sp-stack \\| sp-report (once)"
	fi
	size[$n]=$(fsize "$page")
	say "$(human "$n") calls: the page in Chromium"
	paint[$n]=$(load "$page")
done

# --- report --------------------------------------------------------------

small=${sizes[0]} large=${sizes[${#sizes[@]} - 1]}
v_size=met v_paint=met v_rss=met v_flat=met
for n in "${sizes[@]}"; do
	[ "${size[$n]}" -le 3000000 ] || v_size="NOT met"
	[ "${res[$n:r]}" -le 65536 ] || v_rss="NOT met"
	flat "${res[$small:r]}" "${res[$n:r]}" || v_flat="NOT met"
done
read -r fp _ <<<"${paint[$small]}"
if [ "$fp" = - ]; then v_paint="not measured (no Chromium)"
elif ! le "$fp" 1000; then v_paint="NOT met"; fi
{
	echo "# sp-report: page size, first paint, time and memory"
	echo
	echo "Written by \`bench/report.sh$([ $quick = 1 ] && echo ' --quick')\`."
	about_lines
	echo
	echo "The template profile (\`spgen synth --schema 3 --shape template"
	echo "--ranks $ranks --storage auto --seed 1 --calls N/$ranks\`: 9 regions,"
	echo "depth 6) on $ranks ranks, N calls in all. sp-report"
	echo "writes its page to a scratch file; median of $reps runs (the"
	echo "piped one: one run), peak RSS the highest (GNU time %M, sp-report"
	echo "alone). In Chromium (bench/report-load.js): first paint (FP),"
	echo "first contentful paint (FCP) and the load event's end, ms from"
	echo "navigation start, the best of three openings; requests beyond the"
	echo "page's own file."
	echo
	echo "| calls | run as | page bytes | wall s | CPU s | peak RSS MiB | FP ms | FCP ms | load ms | requests |"
	echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}"; do
		read -r fp fcp ld rq <<<"${paint[$n]}"
		printf '| %s | %s | %s | %.3f | %.3f | %s | %s | %s | %s | %s |\n' \
			"$(human "$n")" "${how[$n]}" "${size[$n]}" "${res[$n:t]}" \
			"${res[$n:c]}" "$(mib "${res[$n:r]}")" "$fp" "$fcp" "$ld" "$rq"
	done
	echo
	echo "- the page at most 3 MB at every size: **$v_size**;"
	echo "- first paint within 1 s for $(human "$small") calls on $ranks ranks:" \
		"**$v_paint**;"
	echo "- sp-report's peak RSS at most 64 MiB: **$v_rss**; flat from" \
		"$(human "$small") to $(human "$large") calls (at most +10% + 2 MiB):" \
		"**$v_flat**."
	if [ $quick = 1 ]; then
		echo
		echo "The 100M-call run: \`bench/report.sh\` without --quick."
	fi
} >"$out"
say "wrote $out"
cat "$out"
