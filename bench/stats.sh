#!/usr/bin/env bash
# bench/stats.sh: throughput (calls/s) and peak memory of sp-stats, in the
# pipeline sp-read | sp-stack | sp-stats and alone on a call stream, exact
# and --approx, on profiles of 1M and 10M calls, against the floor of the
# same pipeline without sp-stats (sp-read | sp-stack >/dev/null).
#
#   bench/stats.sh            1M- and 10M-call inputs, writes
#                             bench/data/STATS.md
#   bench/stats.sh --quick    100K- and 1M-call inputs, writes
#                             bench/data/STATS-quick.md
#   bench/stats.sh --recursive  sp-stats alone, default table, on the
#                             recursive profile of 1M, 2M, 4M and 8M calls
#                             (--quick: 1M and 2M), writes
#                             bench/data/STATS-recursive.md
#
# Inputs: the template profiles of bench/run.sh (9 regions, depth 6) and a
# 1M-call random profile (one rank, 32 regions, depth 6, recursion: nearly
# every call a call path of its own), generated into bench/data/
# (git-ignored) when missing. Environment: SP_BUILD (release build tree,
# default build-bench), SP_BENCH_REPS (runs per measurement, default 3;
# the median is reported), SP_BENCH_OUT (results file), SP_BENCH_IDLE /
# SP_BENCH_WAIT (wait for an idle machine, see bench/common.sh);
# SP_BENCH_STREAMS, a directory whose rN.sps (N calls) --recursive takes
# instead of generating the profile of N calls.
set -euo pipefail

. "$(dirname "$0")/common.sh"
recursive=0
args=()
for a in "$@"; do
	case $a in
	--recursive) recursive=1 ;;
	*) args+=("$a") ;;
	esac
done
bench_args stats.sh ${args[@]+"${args[@]}"}
bench_init stats.sh $quick

# --- --recursive: the recursive profile, sp-stats alone ------------------

# The random profile of one rank, 32 regions, depth 6 with recursion: the
# default table is the call tree, whose rows grow with the calls (about
# 570k at 1M calls, 3.2M at 8M).  Measured: calls/s (wall and CPU) and
# peak RSS of sp-stats alone, default table, output to /dev/null; and on
# the same stream, for scale: sp-stats --approx, sp-pstats (the other
# exporter that keeps every call path) and cat of the stream (the floor).
mcps2() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.2f", n / t / 1e6 }'; }
recursive_bench() {
	local sizes n f
	if [ $quick = 1 ]; then sizes=(1000000 2000000); else
		sizes=(1000000 2000000 4000000 8000000); fi
	out=${SP_BENCH_OUT:-$data/STATS-recursive.md}
	export TMPDIR=$tmp
	bench_build cmd/sp-read cmd/sp-stack cmd/sp-stats cmd/sp-pstats
	declare -A st=() rw=() tb=()
	for n in "${sizes[@]}"; do
		f=${SP_BENCH_STREAMS:-/nonexistent}/r$n.sps
		if [ -s "$f" ]; then
			st[$n]=$f
		else
			st[$n]=$(calls_of "$(gen_h5 s3-random32-d6-r1-auto-seed1 \
			    "$n" --schema 3 --shape random --regions 32 \
			    --depth 6 --ranks 1 --storage auto --seed 1)")
		fi
		cat "${st[$n]}" >/dev/null	# page cache
		say "$n calls"
		measure_reps "$n" - /dev/null "$build/cmd/sp-stats" "${st[$n]}"
		measure_reps "$n:approx" - /dev/null "$build/cmd/sp-stats" \
		    --approx "${st[$n]}"
		measure_reps "$n:pstats" - /dev/null "$build/cmd/sp-pstats" \
		    -o "$tmp/out.prof" "${st[$n]}"
		measure_reps "$n:cat" - /dev/null cat "${st[$n]}"
		"$build/cmd/sp-stats" "${st[$n]}" >"$tmp/table.txt"
		rw[$n]=$(grep -c $'^  \u2502' "$tmp/table.txt" || true)
		tb[$n]=$(mb "$(fsize "$tmp/table.txt")")
	done
	{
		echo "# sp-stats on the recursive profile"
		echo
		echo "Written by \`bench/stats.sh --recursive$([ $quick = 1 ] &&
			echo ' --quick')\`."
		about_lines
		echo
		echo "| calls | table lines | table MB | wall s | M calls/s |" \
			"CPU s | M calls/CPU s | peak RSS MiB |"
		echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
		for n in "${sizes[@]}"; do
			echo "| $n | ${rw[$n]} | ${tb[$n]} | ${res[$n:t]} |" \
				"$(mcps2 "$n" "${res[$n:t]}") | ${res[$n:c]} |" \
				"$(mcps2 "$n" "${res[$n:c]}") | $(mib "${res[$n:r]}") |"
		done
		echo
		echo "The same streams, for scale (wall s, M calls/s, peak RSS" \
			"MiB): sp-stats --approx (a row per region once the"
		echo "paths outgrow -S), sp-pstats (which keeps every call" \
			"path too) and cat of the stream (the floor)."
		echo
		echo "| calls | --approx s | M calls/s | MiB |" \
			"sp-pstats s | M calls/s | MiB | cat s |"
		echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
		for n in "${sizes[@]}"; do
			echo "| $n | ${res[$n:approx:t]} |" \
				"$(mcps2 "$n" "${res[$n:approx:t]}") |" \
				"$(mib "${res[$n:approx:r]}") |" \
				"${res[$n:pstats:t]} |" \
				"$(mcps2 "$n" "${res[$n:pstats:t]}") |" \
				"$(mib "${res[$n:pstats:r]}") | ${res[$n:cat:t]} |"
		done
		echo
		echo "Targets: at least 30 M calls/s on the largest input, peak" \
			"RSS at most 64 MiB and flat over the sizes. The table has"
		echo "nearly a row per call, and the exact table keeps each call"
		echo "path's row in memory (sp-stats(1), MEMORY); --approx keeps"
		echo "within -S by folding the table to a row per region."
	} >"$out"
	say "wrote $out"
}
if [ $recursive = 1 ]; then
	recursive_bench
	exit 0
fi
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/STATS-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/STATS.md}
fi
# exact percentiles spill durations beyond -S here: the same disk
export TMPDIR=$tmp

bench_build cmd/sp-read cmd/sp-stack cmd/sp-stats
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack
spstats=$build/cmd/sp-stats

# --- inputs --------------------------------------------------------------

small=${sizes[0]} large=${sizes[1]}
randargs=(--schema 3 --shape random --regions 32 --depth 6 --ranks 1
	--storage auto --seed 1)
declare -A h5s calls
for n in "${sizes[@]}"; do
	h5s[$n]=$(input_h5 "$n")
	calls[$n]=$(calls_of "${h5s[$n]}")
done
h5s[rand]=$(gen_h5 s3-random32-d6-r1-auto-seed1 1000000 "${randargs[@]}")
calls[rand]=$(calls_of "${h5s[rand]}")

# --- measuring -----------------------------------------------------------

# alone ARGS...: sp-stats ARGS >/dev/null; sets T (wall s), R (peak KiB).
alone() { timed /dev/null "$spstats" "$@"; }

# piped H5 ARGS...: sp-read H5 | sp-stack | sp-stats ARGS; sets T (wall
# seconds of the whole pipeline) and R (peak RSS KiB of sp-stats).
piped() {
	local h5=$1 t0 t1
	shift
	wait_quiet
	t0=$EPOCHREALTIME
	"$spread" "$h5" | "$spstack" |
		$timebin -f %M -o "$tmp/rss" "$spstats" "$@" >/dev/null ||
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

# The measurements: key, then sp-stats' arguments (alone, on the file).
kinds=(text json rank approx spill)
declare -A kargs=(
	[text]=""
	[json]="--format json"
	[rank]="--by rank --format json"
	[approx]="--approx"
	[spill]="-S 1M"
)

declare -A res
for n in "${sizes[@]}" rand; do
	h5=${h5s[$n]}
	s=${calls[$n]}
	cat "$h5" "$s" >/dev/null	# page cache
	tf=() tp=() rp=()
	declare -A tk=() rk=() ck=()
	for ((i = 0; i < reps; i++)); do
		say "$n calls, run $((i + 1)) of $reps"
		floor "$h5"
		tf+=("$T")
		piped "$h5"
		tp+=("$T") rp+=("$R")
		for k in "${kinds[@]}"; do
			# shellcheck disable=SC2086
			alone ${kargs[$k]} "$s"
			tk[$k]+="$T " rk[$k]+="$R " ck[$k]+="$C "
		done
	done
	# the exact and the --approx runs count the same calls
	got=$("$spstats" --format csv --columns num_calls "$s" |
		awk 'NR > 1 { n += $1 } END { print n }')
	res[$n:calls]=$got
	res[$n:sps]=$(fsize "$s")
	res[$n:rows]=$("$spstats" --format csv --columns name "$s" | awk 'END { print NR - 1 }')
	res[$n:paths]=$("$spstats" --call-paths --format csv --columns name "$s" |
		awk 'END { print NR - 1 }')
	res[$n:tf]=$(median "${tf[@]}")
	res[$n:tp]=$(median "${tp[@]}")
	res[$n:rp]=$(maxof "${rp[@]}")
	for k in "${kinds[@]}"; do
		# shellcheck disable=SC2086
		res[$n:t$k]=$(median ${tk[$k]})
		# shellcheck disable=SC2086
		res[$n:c$k]=$(median ${ck[$k]})
		# shellcheck disable=SC2086
		res[$n:r$k]=$(maxof ${rk[$k]})
	done
done

# --- report --------------------------------------------------------------

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- lib cmd 2>/dev/null | head -n 1)
[ -n "$dirty" ] && commit="$commit + uncommitted changes"
verdict_rss=met verdict_flat=met verdict_speed=met
for n in "${sizes[@]}"; do
	for k in rp "${kinds[@]/#/r}"; do
		[ "${res[$n:$k]}" -le 65536 ] || verdict_rss="NOT met"
	done
done
# flat once the buffer is full: -S 1M fills it at both sizes, --approx
# has none (the default 32M fills between 1M and 10M calls)
for k in rspill rapprox; do
	flat "${res[$small:$k]}" "${res[$large:$k]}" || verdict_flat="NOT met"
done
ge "$(mcps "${res[$large:calls]}" "${res[$large:ttext]}")" 30 ||
	verdict_speed="NOT met"
cpu_mcps=$(mcps "${res[$large:calls]}" "${res[$large:ctext]}")
cpu_mcps_small=$(mcps "${res[$small:calls]}" "${res[$small:ctext]}")
# --approx within -S whatever the paths: the random file's table folds
verdict_paths=met
[ "${res[rand:rapprox]}" -le 65536 ] || verdict_paths="NOT met"
verdict_pipe=met
le "${res[1000000:tp]}" 0.5 || verdict_pipe="NOT met"
delta() {
	awk -v a="${res[$small:$1]}" -v b="${res[$large:$1]}" 'BEGIN {
	d = b - a; printf "%+.1f MiB", d / 1024 }'
}
label() {
	case $1 in
	rand) echo "1000000 (random, ${res[rand:paths]} paths)" ;;
	*) echo "$1" ;;
	esac
}

{
	echo "# sp-stats: throughput and memory"
	echo
	echo "Written by \`bench/stats.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"on $(date -u +%Y-%m-%d) at commit $commit."
	echo "Machine: $cpu, $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM."
	echo "Build: \`$build\` ($buildtype). Median of $reps runs; peak RSS is"
	echo "the largest of them (GNU time %M, of sp-stats alone)."
	[ "$BUSY" -gt 0 ] && echo "**$BUSY of $RUNS runs started on a busy machine.**"
	for l in "${NOTES[@]}"; do echo "$l"; done
	echo
	echo "Inputs: \`spgen synth ${genargs[*]} --calls N\` (9 regions, depth"
	echo "6), and \`spgen synth ${randargs[*]} --calls 1000000\` (the shape of"
	echo "the reference's figures below; spgen's random tree makes"
	echo "nearly every path distinct). Call streams made by sp-read | sp-stack;"
	echo "files in the page cache. Mcalls/s = calls / wall time."
	echo
	echo "## The pipeline: sp-read FILE.h5 | sp-stack | sp-stats"
	echo
	echo "| calls | floor: sp-read \\| sp-stack >/dev/null | sp-read \\| sp-stack \\| sp-stats | peak RSS of sp-stats |"
	echo "| ---: | ---: | ---: | ---: |"
	for n in "${sizes[@]}" rand; do
		printf '| %s | %.3f s, %s Mcalls/s | **%.3f s**, %s Mcalls/s | **%s MiB** |\n' \
			"$(label "$n")" "${res[$n:tf]}" "$(mcps "${res[$n:calls]}" "${res[$n:tf]}")" \
			"${res[$n:tp]}" "$(mcps "${res[$n:calls]}" "${res[$n:tp]}")" \
			"$(mib "${res[$n:rp]}")"
	done
	echo
	echo "## sp-stats alone, on the call stream file"
	echo
	printf '| calls | call stream | rows |'
	for k in "${kinds[@]}"; do printf ' %s | peak RSS |' "sp-stats ${kargs[$k]:-(text)}"; done
	echo
	printf '| ---: | ---: | ---: |'
	for k in "${kinds[@]}"; do printf ' ---: | ---: |'; done
	echo
	for n in "${sizes[@]}" rand; do
		printf '| %s | %s MB | %s |' "$(label "$n")" "$(mb "${res[$n:sps]}")" "${res[$n:rows]}"
		for k in "${kinds[@]}"; do
			printf ' %.3f s (CPU %.3f s), **%s Mcalls/s** | %s MiB |' \
				"${res[$n:t$k]}" "${res[$n:c$k]}" \
				"$(mcps "${res[$n:calls]}" "${res[$n:t$k]}")" "$(mib "${res[$n:r$k]}")"
		done
		echo
	done
	echo
	echo "Targets:"
	echo
	echo "- the exporter alone at least 30 M calls/s (text, $large calls):"
	echo "  **$verdict_speed** ($cpu_mcps M calls per CPU second; $cpu_mcps_small"
	echo "  at $small calls);"
	echo "- peak RSS under 64 MiB with the default buffer: **$verdict_rss**;"
	echo "- flat in the number of calls once the buffer is full ($small to"
	echo "  $large, -S 1M and --approx: at most +10% + 2 MiB): **$verdict_flat**"
	echo "  (-S 1M $(delta rspill), --approx $(delta rapprox)); with the default"
	echo "  32M buffer, which $small calls do not fill, RSS grows until it is"
	echo "  full and stays under 1.5 x 32M plus the fixed parts (text"
	echo "  $(delta rtext), JSON $(delta rjson), pipeline $(delta rp));"
	echo "- the pipeline under 0.5 s on a 1M-call file (template): **$verdict_pipe**;"
	echo "- --approx in memory O(regions), under 64 MiB with the default"
	echo "  buffer also on the random file's ${res[rand:paths]} paths, whose"
	echo "  table folds to a row per region past -S: **$verdict_paths**"
	echo "  ($(mib "${res[rand:rapprox]}") MiB)."
	echo
	echo "The random file is the worst case for memory: nearly every call has a"
	echo "call path of its own (${res[rand:paths]} paths, ${res[rand:rows]} regions), and"
	echo "the exact table has a row per path, so its memory and time follow the"
	echo "paths (about 1 KiB each), not the calls; the RSS targets above are for"
	echo "the template files, whose paths are few. The JSON by region keeps"
	echo "rows per region only, and --approx counts the paths against -S"
	echo "(man/sp-stats.1, MEMORY)."
	echo
	echo "The reference on a 1M-call file of that shape (measured once, with"
	echo "the reference, not here): \`print_summary()\` 16.2 s and 1.17 GB,"
	echo "\`summary()\` 0.57 s and 178 MB."
	echo
	echo "Exact statistics keep every duration (8 bytes a call) in one buffer"
	echo "of -S bytes (default 32M) and a temporary file under \$TMPDIR past it"
	echo "(here the bench's scratch directory), read back per group at the end"
	echo "(man/sp-stats.1, MEMORY); \`-S 1M\` forces that path. \`--approx\` keeps a"
	echo "histogram per group instead and makes one pass."
} >"$out"
say "wrote $out"
cat "$out"
