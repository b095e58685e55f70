#!/usr/bin/env bash
# bench/flame.sh: time and peak memory of sp-flame on call streams of 1M
# and 10M calls (the template profiles of bench/run.sh), and on a
# 1M-call random forest with many distinct call paths: the default SVG,
# --interactive, --folded, --gaps --max-frames 0 (flameprof's full
# layout), and sp-pstats on the same stream (the pstats dict the SVG is
# drawn from) for comparison; and the differential graphs (--diff,
# --diff --interactive, --diff --folded) of two runs of each size (seeds
# 1 and 2 of the same shape, one stream), with the peak RSS of each
# output from the smaller input to the larger.
#
#   bench/flame.sh            writes bench/data/FLAME.md
#   bench/flame.sh --quick    100K and 1M calls, bench/data/FLAME-quick.md
#
# Inputs are generated into bench/data/ (git-ignored) when missing and
# reused otherwise; their call streams are made there by the sp-read and
# sp-stack under test.
# Environment: SP_BUILD (release build tree, default build-bench),
# SP_BENCH_REPS (runs per measurement, default 3; the median is reported,
# the largest RSS), SP_BENCH_OUT (results file), SP_BENCH_IDLE /
# SP_BENCH_WAIT (wait for an idle machine: percent idle, default 90, and
# seconds at most, default 300).
set -euo pipefail

. "$(dirname "$0")/common.sh"
bench_args flame.sh "$@"
bench_init flame.sh $quick
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/FLAME-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/FLAME.md}
fi
wide=1000000
wideargs=(--schema 3 --shape random --regions 40 --depth 10 --ranks 1
	--storage auto --seed 1)
widekey=s3-random40d10-r1-auto-seed1

bench_build cmd/sp-read cmd/sp-stack cmd/sp-flame cmd/sp-pstats
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
spflame=$build/cmd/sp-flame
sppstats=$build/cmd/sp-pstats

# --- inputs --------------------------------------------------------------

declare -A input
for n in "${sizes[@]}"; do
	input[$n]=$(calls_of "$(input_h5 "$n")")
done
input[wide]=$(calls_of "$(gen_h5 "$widekey" "$wide" "${wideargs[@]}")")

# diff_of A.h5 B.h5: the two-run call stream of A then B, made once next
# to A (remade as calls_of remakes its streams).  The after runs are the
# same shapes with --seed 2 (the last --seed is the one spgen takes).
diff_of() {
	local s=${1%.h5}.diff-seed2.calls.sps
	if ! { [ -s "$s" ] && [ "$s" -nt "$build/cmd/sp-stack" ] &&
	    [ "$s" -nt "$build/cmd/sp-read" ] && [ "$s" -nt "$1" ] &&
	    [ "$s" -nt "$2" ]; }; then
		say "making $s"
		"$spread" "$1" "$2" | "$spstack" -o "$tmp/gen.sps" ||
			die "sp-read | sp-stack failed on $1 $2"
		mv "$tmp/gen.sps" "$s"
	fi
	echo "$s"
}
declare -A dinput
for n in "${sizes[@]}"; do
	dinput[$n]=$(diff_of "$(input_h5 "$n")" "$(gen_h5 \
		s3-template-r1-auto-seed2 "$n" "${genargs[@]}" --seed 2)")
done
dinput[wide]=$(diff_of "$(gen_h5 "$widekey" "$wide" "${wideargs[@]}")" \
	"$(gen_h5 "${widekey/seed1/seed2}" "$wide" "${wideargs[@]}" --seed 2)")

# --- measuring (timed: see common.sh) --------------------------------------

# draw_ms SVG: milliseconds Chromium takes to draw an interactive graph
# (bench/flame-load.js), or "-" without Chromium and playwright-core
# (tools/bootstrap.sh, npm ci --prefix tests/node)
draw_ms() {
	node "$root/bench/flame-load.js" "$1" 2>/dev/null |
		awk '{ print $2 }' | grep . || echo -
}

# measure KEY IN LABEL ARGS...: reps runs of sp-flame ARGS -o FILE IN;
# res[KEY:LABEL:t|r|c|bytes|frames]
declare -A res
measure() {
	local key=$1 in=$2 label=$3 ts=() rs=() cs=() i o
	shift 3
	for ((i = 0; i < reps; i++)); do
		rm -rf "$tmp/o"
		mkdir "$tmp/o"
		if [ "${1:-}" = "pstats" ]; then
			timed /dev/null "$sppstats" -o "$tmp/o/p.prof" "$in"
		else
			timed /dev/null "$spflame" "$@" -o "$tmp/o/f" "$in"
		fi
		ts+=("$T") rs+=("$R") cs+=("$C")
	done
	o=$(ls "$tmp"/o/* | head -n 1)
	res[$key:$label:t]=$(median "${ts[@]}")
	res[$key:$label:r]=$(maxof "${rs[@]}")
	res[$key:$label:c]=$(median "${cs[@]}")
	res[$key:$label:bytes]=$(fsize "$o")
	res[$key:$label:frames]=-
	case $o in
	*.svg)
		res[$key:$label:frames]=$($py "$root/tests/check-svg.py" "$o" |
			awk '{ print $2 }')
		$py "$root/tests/check-svg.py" "$o" >/dev/null ||
			die "check-svg.py refuses $o"
		# an interactive graph draws in the browser: the nodes it
		# carries, and how long Chromium takes to draw it
		if grep -q 'id="sp-data"' "$o"; then
			res[$key:$label:frames]="$(grep -o '"tree": {"nodes": [0-9]*' \
				"$o" | grep -o '[0-9]*$') nodes"
			res[$key:$label:draw]=$(draw_ms "$o")
		fi
		;;
	esac
}

variants=(svg interactive folded gaps pstats)
run_variants() {
	local key=$1 in=$2
	cat "$in" >/dev/null	# page cache
	say "$key: default SVG"
	measure "$key" "$in" svg
	say "$key: --interactive"
	measure "$key" "$in" interactive --interactive
	say "$key: --folded"
	measure "$key" "$in" folded --folded
	say "$key: --gaps --max-frames 0"
	measure "$key" "$in" gaps --gaps --max-frames 0
	say "$key: sp-pstats"
	measure "$key" "$in" pstats pstats
}
dvariants=(diff diffi difff)
run_diffs() {
	local key=$1 in=$2
	cat "$in" >/dev/null	# page cache
	say "$key: --diff"
	measure "$key" "$in" diff --diff
	say "$key: --diff --interactive"
	measure "$key" "$in" diffi --diff --interactive
	say "$key: --diff --folded"
	measure "$key" "$in" difff --diff --folded
}
for n in "${sizes[@]}"; do
	run_variants "$n" "${input[$n]}"
	run_diffs "$n" "${dinput[$n]}"
done
run_variants wide "${input[wide]}"
run_diffs wide "${dinput[wide]}"

# --- report --------------------------------------------------------------

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- lib cmd 2>/dev/null | head -n 1)
[ -n "$dirty" ] && commit="$commit + uncommitted changes"
small=${sizes[0]} large=${sizes[1]}
widepaths=$("$spflame" --folded "${input[wide]}" | wc -l)
# growth KEY: the peak RSS of output KEY from the smaller input to the larger
growth() {
	awk -v a="${res[$small:$1:r]}" -v b="${res[$large:$1:r]}" 'BEGIN {
		d = b - a; printf "%+.1f MiB (%+.0f%%)", d / 1024, 100 * d / a }'
}
what_of() {
	case $1 in
	svg) echo "sp-flame (SVG)" ;;
	interactive) echo "--interactive" ;;
	folded) echo "--folded" ;;
	gaps) echo "--gaps --max-frames 0" ;;
	pstats) echo "sp-pstats (.prof)" ;;
	diff) echo "--diff" ;;
	diffi) echo "--diff --interactive" ;;
	difff) echo "--diff --folded" ;;
	esac
}

{
	echo "# sp-flame: time and memory"
	echo
	echo "Written by \`bench/flame.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"on $(date -u +%Y-%m-%d) at commit $commit."
	echo "Machine: $cpu, $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM."
	echo "Build: \`$build\` ($buildtype). Median of $reps runs; peak RSS is"
	echo "the largest of them (GNU time %M)."
	[ "$BUSY" -gt 0 ] && echo "**$BUSY runs started on a busy machine.**"
	echo
	echo "Inputs: call streams made by sp-read | sp-stack (in page cache) of"
	echo "\`spgen synth ${genargs[*]} --calls N\` (the template tree, few"
	echo "distinct call paths) and, as \"wide\", of \`spgen synth"
	echo "${wideargs[*]} --calls $wide\` (a random forest of 40 regions,"
	echo "depth 10: many distinct call paths, $widepaths of them with self"
	echo "time)."
	echo "M calls/s = calls read / wall time; frames as tests/check-svg.py"
	echo "counts them."
	echo
	echo "| input | what | wall | M calls/s | CPU | peak RSS | output | frames |"
	echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
	for key in "${sizes[@]}" wide; do
		n=$key
		[ "$key" = wide ] && n=$wide
		for v in "${variants[@]}" "${dvariants[@]}"; do
			calls=$n
			case $v in diff*) calls=$((2 * n)) ;; esac
			printf '| %s | %s | %.3f s | %s | %.2f s | %s MiB | %s | %s |\n' \
				"$([ "$key" = wide ] && echo "wide $wide" || echo "$n")" \
				"$(what_of "$v")" "${res[$key:$v:t]}" \
				"$(mcps "$calls" "${res[$key:$v:t]}")" "${res[$key:$v:c]}" \
				"$(mib "${res[$key:$v:r]}")" \
				"$(awk -v b="${res[$key:$v:bytes]}" 'BEGIN {
				    if (b >= 1e6) printf "%.1f MB", b / 1e6;
				    else printf "%.1f kB", b / 1e3 }')" \
				"${res[$key:$v:frames]}"
		done
	done
	echo
	echo "A diff's input is two runs of N calls each (seeds 1 and 2), so its"
	echo "M calls/s counts 2N. Interactive graphs draw in the browser: their"
	echo "frames column gives the nodes of the tree they carry (the budget,"
	echo "--max-nodes, is 100000). Drawn in Chromium (bench/flame-load.js:"
	echo "from navigation to the graph drawn, best of 3):"
	echo
	for key in "${sizes[@]}" wide; do
		for v in interactive diffi; do
			echo "- $key, $(what_of $v): ${res[$key:$v:draw]:--} ms"
		done
	done
	echo
	echo "Peak RSS from $small to $large calls (memory is O(distinct call"
	echo "paths), not O(calls)):"
	echo
	for v in "${variants[@]}" "${dvariants[@]}"; do
		echo "* $(what_of "$v"): $(growth "$v")"
	done
	echo
	echo "The SVG is drawn from the pstats dict of the rank, which sp-flame"
	echo "builds as sp-pstats does (the sp-pstats rows: the same walk, the"
	echo "same float sums, one interned \"a > b > c\" name per call path), so"
	echo "on the wide input, with its many distinct paths, most of the time"
	echo "and memory is that dict's; drawing adds the call graph's nodes and"
	echo "edges and the layout (a few passes more when the frame budget"
	echo "binds). --folded keeps integer nodes without names and is"
	echo "the cheapest way to a flame graph of such a profile (flamegraph.pl"
	echo "or inferno then prune it). On the template inputs, the few paths"
	echo "make the run time that of reading and replaying the call stream."
} >"$out"
say "wrote $out"
cat "$out"
