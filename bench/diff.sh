#!/usr/bin/env bash
# bench/diff.sh: time (wall and CPU) and peak memory of sp-diff comparing
# two runs, side by side with sp-stats on the same two runs; and sp-diff's
# calls/s and peak RSS on 10M and 20M calls a side, against the man
# page's bound (peak RSS at most 64 MiB; flat once the -S buffer is full).
#
#   bench/diff.sh            two runs of 1M calls, of 10M and of 20M, writes
#                            bench/data/DIFF.md
#   bench/diff.sh --quick    two runs of 1M calls only, writes
#                            bench/data/DIFF-quick.md
#
# Inputs: the template profiles of bench/run.sh (9 regions, depth 6, one
# rank), seed 1 (before) and seed 2 (after), generated into bench/data/
# (git-ignored) when missing; their call streams, and the stream of the
# two runs (sp-read BEFORE AFTER | sp-stack), made by the programs under
# test. Measured, each on the call stream files: sp-diff by region
# (total), --call-paths, and --metric p95 (a per-call metric: every
# call's duration is kept, through the spilling store); sp-stats on each
# run's stream (text, and --call-paths), the two runs' times added up.
# Environment: that of bench/common.sh (SP_BUILD, SP_BENCH_NOBUILD,
# SP_BENCH_REPS, SP_BENCH_IDLE, SP_BENCH_WAIT) and SP_BENCH_OUT.
set -euo pipefail

. "$(dirname "$0")/common.sh"
bench_args diff.sh "$@"
bench_init diff.sh $quick
if [ $quick = 1 ]; then
	sizes=(1000000)
	out=${SP_BENCH_OUT:-$data/DIFF-quick.md}
else
	sizes=(1000000 10000000 20000000)
	out=${SP_BENCH_OUT:-$data/DIFF.md}
fi
# exact percentiles spill durations beyond -S here: the same disk
export TMPDIR=$tmp
bench_build cmd/sp-read cmd/sp-stack cmd/sp-stats cmd/sp-diff
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
spstats=$build/cmd/sp-stats
spdiff=$build/cmd/sp-diff

# two_of N: the stream of the two runs of N calls (seed 1, then seed 2),
# remade when older than the programs or the profiles; sets A, B (each
# run's call stream) and AB.
two_of() {
	local n=$1 ha hb
	ha=$(input_h5 "$n")
	hb=$(gen_h5 s3-template-r1-auto-seed2 "$n" --schema 3 \
		--shape template --ranks 1 --storage auto --seed 2)
	A=$(calls_of "$ha")
	B=$(calls_of "$hb")
	AB=$data/diff-s3-template-seed1-seed2-c$n.calls.sps
	if ! { [ -s "$AB" ] && [ "$AB" -nt "$spstack" ] &&
	    [ "$AB" -nt "$spread" ] && [ "$AB" -nt "$ha" ] &&
	    [ "$AB" -nt "$hb" ]; }; then
		say "making $AB"
		"$spread" "$ha" "$hb" | "$spstack" -o "$tmp/gen.sps" ||
			die "sp-read | sp-stack failed on $ha $hb"
		mv "$tmp/gen.sps" "$AB"
	fi
}

# both KEY ARGS...: sp-stats ARGS on A and on B, reps times each; res[KEY:
# t|c] the sums of the medians, res[KEY:r] the higher peak.
both() {
	local key=$1
	shift
	measure_reps "$key-a" - /dev/null "$spstats" "$@" "$A"
	measure_reps "$key-b" - /dev/null "$spstats" "$@" "$B"
	res[$key:t]=$(awk -v a="${res[$key-a:t]}" -v b="${res[$key-b:t]}" \
		'BEGIN { printf "%.6f", a + b }')
	res[$key:c]=$(awk -v a="${res[$key-a:c]}" -v b="${res[$key-b:c]}" \
		'BEGIN { printf "%.3f", a + b }')
	res[$key:r]=$(maxof "${res[$key-a:r]}" "${res[$key-b:r]}")
}

declare -A calls rows ir
# sum_ir ARGS...: the instructions of sp-stats ARGS on A and on B, added
sum_ir() {
	local a b
	a=$(instructions "$@" "$A")
	b=$(instructions "$@" "$B")
	if [ "$a" = - ] || [ "$b" = - ]; then echo -; else echo $((a + b)); fi
}
for n in "${sizes[@]}"; do
	two_of "$n"
	cat "$A" "$B" "$AB" >/dev/null	# page cache
	calls[$n]=$(($("$spstats" --format csv --columns num_calls "$A" |
		awk 'NR > 1 { n += $1 } END { print n }') +
		$("$spstats" --format csv --columns num_calls "$B" |
		awk 'NR > 1 { n += $1 } END { print n }')))
	rows[$n]=$("$spdiff" --call-paths --format csv "$AB" | awk 'END { print NR - 1 }')
	say "$n calls a side: sp-diff"
	measure_reps "$n:diff" - /dev/null "$spdiff" "$AB"
	measure_reps "$n:p95" - /dev/null "$spdiff" --metric p95 "$AB"
	if [ "$n" = 1000000 ]; then
		measure_reps "$n:paths" - /dev/null "$spdiff" --call-paths "$AB"
		say "$n calls a side: sp-stats on each run"
		both "$n:stats"
		both "$n:spaths" --call-paths
		say "$n calls a side: instructions (callgrind)"
		ir[diff]=$(instructions "$spdiff" "$AB")
		ir[paths]=$(instructions "$spdiff" --call-paths "$AB")
		ir[p95]=$(instructions "$spdiff" --metric p95 "$AB")
		ir[stats]=$(sum_ir "$spstats")
		ir[spaths]=$(sum_ir "$spstats" --call-paths)
	fi
done

# --- report --------------------------------------------------------------

small=1000000 large=10000000 largest=${sizes[${#sizes[@]} - 1]}
row() {	# LABEL KEY N
	printf '| %s | %.3f | %.3f | %s | %s |\n' "$1" "${res[$2:t]}" \
		"${res[$2:c]}" "$(mcps "${calls[$3]}" "${res[$2:c]}")" \
		"$(mib "${res[$2:r]}")"
}
faster() {	# DIFF STATS: "yes" when sp-diff's instructions (else CPU
		# time) are at most sp-stats'
	local a=${ir[${1#*:}]} b=${ir[${2#*:}]}
	if [ "$a" != - ] && [ "$b" != - ]; then
		if [ "$a" -le "$b" ]; then echo yes; else echo no; fi
	elif le "${res[$1:c]}" "${res[$2:c]}"; then echo yes; else echo no; fi
}
irow() {	# LABEL KEY: instructions, and per call of both runs
	printf '| %s | %s | %s |\n' "$1" "${ir[$2]}" "$(awk -v i="${ir[$2]}" \
		-v n="${calls[$small]}" 'BEGIN { if (i == "-") print "-";
		else printf "%.1f", i / n }')"
}
verdict_rss=met verdict_flat=met verdict_full=met
for n in "${sizes[@]}"; do
	for k in diff p95; do
		[ "${res[$n:$k:r]}" -le 65536 ] || verdict_rss="NOT met"
	done
done
[ "${res[$small:paths:r]}" -le 65536 ] || verdict_rss="NOT met"
for k in diff p95; do
	flat "${res[$small:$k:r]}" "${res[$large:$k:r]}" || verdict_flat="NOT met"
	flat "${res[$large:$k:r]}" "${res[$largest:$k:r]}" || verdict_full="NOT met"
done
{
	echo "# sp-diff: time and memory"
	echo
	echo "Written by \`bench/diff.sh$([ $quick = 1 ] && echo ' --quick')\`."
	about_lines
	echo
	echo "Two runs of the template profile (\`spgen synth ${genargs[*]}"
	echo "--calls N\`, and the same with \`--seed 2\`: 9 regions, depth 6,"
	echo "one rank), N calls each; sp-diff reads the stream of both"
	echo "(sp-read BEFORE AFTER | sp-stack), sp-stats each run's stream, and"
	echo "its two times are added up. Files in the page cache, output to"
	echo "/dev/null. Median of $reps runs; peak RSS the highest (GNU time %M)."
	echo "The machine is shared: CPU seconds (user + system) are the"
	echo "steadier figure, and M calls/s is both runs' calls per CPU second."
	echo
	echo "## Two runs of 1M calls: sp-diff and sp-stats side by side"
	echo
	echo "| command | wall s | CPU s | M calls/CPU s | peak RSS MiB |"
	echo "| --- | ---: | ---: | ---: | ---: |"
	row "sp-diff (total by region)" "$small:diff" "$small"
	row "sp-diff --call-paths (${rows[$small]} paths)" "$small:paths" "$small"
	row "sp-diff --metric p95" "$small:p95" "$small"
	row "sp-stats, on each run" "$small:stats" "$small"
	row "sp-stats --call-paths, on each run" "$small:spaths" "$small"
	echo
	echo "Instructions (valgrind's callgrind; \"-\" without valgrind), the"
	echo "steady figure on a shared machine, that the verdicts below use:"
	echo
	echo "| command | instructions | per call |"
	echo "| --- | ---: | ---: |"
	irow "sp-diff (total by region)" diff
	irow "sp-diff --call-paths" paths
	irow "sp-diff --metric p95" p95
	irow "sp-stats, on each run" stats
	irow "sp-stats --call-paths, on each run" spaths
	echo
	echo "sp-diff by region at most sp-stats' cost on both runs:" \
		"**$(faster "$small:diff" "$small:stats")**; --call-paths against"
	echo "sp-stats --call-paths: **$(faster "$small:paths" "$small:spaths")**;" \
		"--metric p95 against sp-stats (which takes every"
	echo "percentile of every region): **$(faster "$small:p95" "$small:stats")**."
	if [ $quick = 0 ]; then
		echo
		echo "## 10M and 20M calls a side"
		echo
		echo "| command | calls a side | wall s | CPU s | M calls/CPU s | peak RSS MiB |"
		echo "| --- | ---: | ---: | ---: | ---: | ---: |"
		for n in "${sizes[@]}"; do
			for k in diff p95; do
				printf '| %s | %s | %.3f | %.3f | %s | %s |\n' \
					"sp-diff$([ $k = p95 ] && echo ' --metric p95')" \
					"$(human "$n")" "${res[$n:$k:t]}" "${res[$n:$k:c]}" \
					"$(mcps "${calls[$n]}" "${res[$n:$k:c]}")" \
					"$(mib "${res[$n:$k:r]}")"
			done
		done
		echo
		echo "Wall-clock M calls/s at 10M a side: sp-diff" \
			"$(mcps "${calls[$large]}" "${res[$large:diff:t]}"), --metric p95" \
			"$(mcps "${calls[$large]}" "${res[$large:p95:t]}")."
	fi
	echo
	echo "Memory (sp-diff(1), MEMORY: at most 64 MiB, flat in the calls):"
	echo
	echo "- peak RSS at most 64 MiB in every run above: **$verdict_rss**;"
	if [ $quick = 0 ]; then
		echo "- flat from 1M to 10M calls a side (at most +10% + 2 MiB):" \
			"**$verdict_flat**;"
		echo "- flat from 10M to 20M calls a side:" \
			"**$verdict_full**."
	else
		echo "- flat from 1M to 10M calls a side: not measured (--quick)."
	fi
	echo
	echo "--metric p95 keeps every call's duration: in a buffer of -S bytes"
	echo "(default 8M) and past it in a temporary file under \$TMPDIR (here"
	echo "the bench's scratch directory), read back per key at the end."
} >"$out"
say "wrote $out"
cat "$out"
