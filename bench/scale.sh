#!/usr/bin/env bash
# bench/scale.sh: time (wall and CPU) and peak memory of sp-scale, side by
# side with sp-stats over the same runs (sp-scale's issue: at least as
# fast as sp-stats over the same runs; sp-scale(1), MEMORY: one run's
# statistics at a time as sp-stats holds them, plus O(regions x runs),
# so flat in the calls under the bound of -S).
#
#   bench/scale.sh           spgen's scaling series, and series of 1M and
#                            10M calls a run; writes bench/data/SCALE.md
#   bench/scale.sh --quick   spgen's series, and series of 100K and 1M
#                            calls a run; writes bench/data/SCALE-quick.md
#
# Inputs, generated into bench/data/ (git-ignored) when missing: spgen
# scale --ranks 1,2,4,...,64 (strong scaling: one call of each region a
# rank, the shape the tests check sp-scale's numbers on), and series of
# real size: the template profile of bench/run.sh (9 regions, depth 6) at
# 1, 4, 16 and 64 ranks, N calls a run (N / p a rank: strong scaling of a
# fixed case); each series' call stream (sp-read RUNS... | sp-stack) made
# by the programs under test.  Measured on that stream: sp-scale (the
# text table, --measure per-call, and --measure slowest) and sp-stats
# (one text table a run, and one JSON document of records a run, into
# scratch files: sp-stats takes the runs of one stream as sp-scale does).
# Environment: that of bench/common.sh (SP_BUILD, SP_BENCH_NOBUILD,
# SP_BENCH_REPS, SP_BENCH_IDLE, SP_BENCH_WAIT) and SP_BENCH_OUT.
set -euo pipefail

. "$(dirname "$0")/common.sh"
bench_args scale.sh "$@"
bench_init scale.sh $quick
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/SCALE-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/SCALE.md}
fi
ranks=(1 4 16 64)
export TMPDIR=$tmp
bench_build cmd/sp-read cmd/sp-stack cmd/sp-stats cmd/sp-scale
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
spstats=$build/cmd/sp-stats
spscale=$build/cmd/sp-scale

# stream_of NAME H5...: the call stream of these runs, $data/NAME.calls.sps,
# remade when older than the programs or a profile.
stream_of() {
	local s=$data/$1.calls.sps h fresh=1
	shift
	[ -s "$s" ] && [ "$s" -nt "$spread" ] && [ "$s" -nt "$spstack" ] ||
		fresh=0
	for h in "$@"; do
		[ "$s" -nt "$h" ] || fresh=0
	done
	if [ $fresh = 0 ]; then
		say "making $s"
		"$spread" "$@" | "$spstack" -o "$tmp/gen.sps" ||
			die "sp-read | sp-stack failed on $*"
		mv "$tmp/gen.sps" "$s"
	fi
	echo "$s"
}

# spgen's series: spgen scale into $data/scale-strong-1-64/
spgen_series() {
	local d=$data/scale-strong-1-64
	if [ ! -s "$d/run-64.h5" ]; then
		say "generating $d"
		rm -rf "$tmp/series"
		$py "$gen" scale --ranks 1,2,4,8,16,32,64 "$tmp/series" >/dev/null ||
			die "spgen scale failed"
		rm -rf "$d"
		mv "$tmp/series" "$d"
	fi
	stream_of scale-strong-1-64 "$d"/run-*.h5
}

# template_series N: the template profile at each of $ranks, N calls a run
template_series() {
	local n=$1 p hs=()
	for p in "${ranks[@]}"; do
		hs+=("$(input_h5 $((n / p)) "$p")")
	done
	stream_of "scale-template-r$(IFS=-; echo "${ranks[*]}")-c$n" "${hs[@]}"
}

# measure KEY STREAM: sp-scale (per-call, slowest) and sp-stats on STREAM
measure() {
	local key=$1 s=$2
	cat "$s" >/dev/null	# page cache
	calls[$key]=$("$spstats" --format csv --columns num_calls -o "$tmp/n.csv" \
		"$s" && cat "$tmp"/n*.csv | awk -F, '$1 ~ /^[0-9]+$/ { n += $1 } END { print n }')
	rm -f "$tmp"/n*.csv
	say "$key: sp-scale"
	measure_reps "$key:scale" - /dev/null "$spscale" "$s"
	measure_reps "$key:slowest" - /dev/null "$spscale" --measure slowest "$s"
	say "$key: sp-stats"
	mkdir -p "$tmp/stats"
	measure_reps "$key:stats" - /dev/null "$spstats" -o "$tmp/stats/s.txt" "$s"
	measure_reps "$key:json" - /dev/null "$spstats" --format json \
		-o "$tmp/stats/s.json" "$s"
	rm -rf "$tmp/stats"
}

declare -A calls
keys=(spgen)
measure spgen "$(spgen_series)"
for n in "${sizes[@]}"; do
	keys+=("$n")
	measure "$n" "$(template_series "$n")"
done

# --- report --------------------------------------------------------------

label() {
	case $1 in
	spgen) echo "spgen scale, 7 runs (1-64 ranks)" ;;
	*) echo "template, 4 runs (${ranks[*]} ranks), $(human "$1") calls a run" ;;
	esac
}
verdict_fast=met verdict_flat=met
small=${sizes[0]} large=${sizes[${#sizes[@]} - 1]}
for k in "${keys[@]}"; do
	le "${res[$k:scale:c]}" "${res[$k:stats:c]}" || verdict_fast="NOT met"
done
for m in scale slowest; do
	flat "${res[$small:$m:r]}" "${res[$large:$m:r]}" || verdict_flat="NOT met"
done
{
	echo "# sp-scale: time and memory, beside sp-stats"
	echo
	echo "Written by \`bench/scale.sh$([ $quick = 1 ] && echo ' --quick')\`."
	about_lines
	echo
	echo "Each series is one call stream (sp-read RUNS... | sp-stack) that"
	echo "both programs read: sp-scale its table (output to /dev/null),"
	echo "sp-stats one table a run (into scratch files), and its records"
	echo "as JSON (the regions' pooled means sp-scale computes, from each"
	echo "rank's durations in row order). Files in the page"
	echo "cache. Median of $reps runs; peak RSS the highest (GNU time %M)."
	echo "The machine is shared: CPU seconds (user + system) are the"
	echo "steadier figure."
	echo
	echo "| series | calls | command | wall s | CPU s | M calls/CPU s | peak RSS MiB |"
	echo "| --- | ---: | --- | ---: | ---: | ---: | ---: |"
	for k in "${keys[@]}"; do
		for m in scale slowest stats json; do
			case $m in
			scale) c="sp-scale" ;;
			slowest) c="sp-scale --measure slowest" ;;
			stats) c="sp-stats" ;;
			json) c="sp-stats --format json" ;;
			esac
			printf '| %s | %s | %s | %.3f | %.3f | %s | %s |\n' \
				"$(label "$k")" "${calls[$k]}" "$c" "${res[$k:$m:t]}" \
				"${res[$k:$m:c]}" "$(mcps "${calls[$k]}" "${res[$k:$m:c]}")" \
				"$(mib "${res[$k:$m:r]}")"
		done
	done
	echo
	echo "- sp-scale's CPU time at most sp-stats' on every series:" \
		"**$verdict_fast**;"
	echo "- sp-scale's peak RSS flat from $(human "$small") to" \
		"$(human "$large") calls a run (at most +10% + 2 MiB): **$verdict_flat**."
	echo
	echo "sp-scale holds one run's statistics at a time as sp-stats does"
	echo "(durations in -S bytes, default 8M, past them in a temporary"
	echo "file under \$TMPDIR, here the bench's scratch directory)."
} >"$out"
say "wrote $out"
cat "$out"
