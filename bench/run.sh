#!/usr/bin/env bash
# bench/run.sh: the benchmark suite. Throughput and peak memory of every
# stage (sp-read, sp-stack, sp-pstats, sp-speedscope, sp-flame, sp-json,
# sp-json --lines) and pipeline (sp-read | sp-stack, and | each exporter)
# on profiles of 1M, 10M and 50M calls (one rank) and 16 ranks x 1M,
# against floors measured in the same run; writes BENCHMARKS.md.
#
#   bench/run.sh                 the full suite, writes BENCHMARKS.md
#   bench/run.sh --quick         100K, 1M and 4 x 100K calls, writes
#                                bench/data/BENCHMARKS-quick.md
#   bench/run.sh --no-profile    without the perf profiles of the stages
#                                that miss a target
#
# Environment: SP_BENCH_OUT (results file), SP_BENCH_INPUTS (inputs, e.g.
# "1000000 16x1000000": calls per rank, ranks x), SP_BENCH_PROFILE_AT
# (the input the profiles run on, default 10000000, --quick 1000000), and
# those of bench/common.sh (SP_BUILD, SP_BENCH_NOBUILD, SP_BENCH_REPS,
# SP_BENCH_IDLE, SP_BENCH_WAIT); SP_BENCH_NO_RECURSIVE=1 leaves out the
# section of bench/stats.sh --recursive, SP_BENCH_NO_COMPASS=1 the last
# one, bench/compass.sh's. Method: bench/README.md.
set -euo pipefail

. "$(dirname "$0")/common.sh"
profile=1
args=()
for a in "$@"; do
	case $a in
	--no-profile) profile=0 ;;
	*) args+=("$a") ;;
	esac
done
bench_args run.sh "${args[@]}"
bench_init run.sh $quick
if [ $quick = 1 ]; then
	read -r -a inputs <<<"${SP_BENCH_INPUTS:-100000 1000000 4x100000}"
	out=${SP_BENCH_OUT:-$data/BENCHMARKS-quick.md}
	profat=${SP_BENCH_PROFILE_AT:-1000000}
else
	read -r -a inputs <<<"${SP_BENCH_INPUTS:-1000000 10000000 50000000 16x1000000}"
	out=${SP_BENCH_OUT:-$root/BENCHMARKS.md}
	profat=${SP_BENCH_PROFILE_AT:-10000000}
fi
# sp-json regroups a time-ordered stream through temporary files: here
export TMPDIR=$tmp

bench_build cmd/sp-read cmd/sp-stack cmd/sp-pstats cmd/sp-speedscope \
	cmd/sp-flame cmd/sp-json
build_floor
spread=$build/cmd/sp-read
spstack=$build/cmd/sp-stack

exporters=(sp-pstats sp-speedscope sp-flame sp-json sp-json-lines)
stages=(sp-read sp-stack "${exporters[@]}")
pipes=(stack "${exporters[@]}")

# ecmd E IN OUT: CMD becomes exporter E reading IN (a file or -). OUT is
# /dev/null or a scratch file; sp-pstats and sp-flame write one file per
# rank, under $tmp/o.
ecmd() {
	case $1 in
	sp-pstats) CMD=("$build/cmd/sp-pstats" -o "$tmp/o/p" "$2") ;;
	sp-speedscope) CMD=("$build/cmd/sp-speedscope" -o "$3" "$2") ;;
	sp-flame) CMD=("$build/cmd/sp-flame" -o "$tmp/o/f" "$2") ;;
	sp-json) CMD=("$build/cmd/sp-json" -o "$3" "$2") ;;
	sp-json-lines) CMD=("$build/cmd/sp-json" --lines -o "$3" "$2") ;;
	*) die "no exporter $1" ;;
	esac
}
ename() {
	case $1 in
	sp-json-lines) echo "sp-json --lines" ;;
	stack) echo "sp-read \\| sp-stack" ;;
	*) echo "$1" ;;
	esac
}
fresh_o() { rm -rf "$tmp/o"; mkdir "$tmp/o"; }

# Results, keyed "what@input": SEC (median wall s), CPU (median CPU s),
# RSS (highest peak RSS KiB), RAW (every run: wall/CPU); pipelines also
# RSSA/RSSB/RSSC and CPUA/CPUB/CPUC per stage (read, stack, exporter).
declare -A SEC CPU RSS RAW RSSA RSSB RSSC CPUA CPUB CPUC INB OUTB CALLS FLOOR FLOORC

# WARM: the files a measurement reads, read once just before its runs.
# Pages of the page cache that nothing touched for a minute or so may be
# paged out (this VM runs a DAMON pageout scheme): an input that waited
# while other stages ran would otherwise come from the disk.
WARM=()
warm() { [ ${#WARM[@]} = 0 ] || cat "${WARM[@]}" >/dev/null; }

# measure KEY OUT CMD...: SP_BENCH_REPS timed runs (see common.sh)
measure() {
	local key=$1 o=$2 ts=() cs=() rs=() raw=() i
	shift 2
	warm
	for ((i = 0; i < reps; i++)); do
		fresh_o
		timed "$o" "$@"
		ts+=("$T") cs+=("$C") rs+=("$R") raw+=("$T/$C")
	done
	SEC[$key]=$(median "${ts[@]}")
	CPU[$key]=$(median "${cs[@]}")
	RSS[$key]=$(maxof "${rs[@]}")
	RAW[$key]="${raw[*]}"
	say "$key: ${SEC[$key]} s (runs ${ts[*]}), cpu ${CPU[$key]} s, ${RSS[$key]} KiB"
}

# pipe_once H5 P: one run of sp-read H5 | sp-stack [| exporter P] >
# /dev/null, each stage under GNU time. Sets T, C (all stages), RA RB RC
# and CA CB CC.
pipe_once() {
	local h5=$1 p=$2 t0 t1 st
	fresh_o
	wait_quiet
	t0=$EPOCHREALTIME
	if [ "$p" = stack ]; then
		$timebin -f '%M %U %S' -o "$tmp/ra" "$spread" "$h5" |
			$timebin -f '%M %U %S' -o "$tmp/rb" "$spstack" >/dev/null
		st=("${PIPESTATUS[@]}")
		echo "0 0 0" >"$tmp/rc"
	else
		ecmd "$p" - /dev/null
		$timebin -f '%M %U %S' -o "$tmp/ra" "$spread" "$h5" |
			$timebin -f '%M %U %S' -o "$tmp/rb" "$spstack" |
			$timebin -f '%M %U %S' -o "$tmp/rc" "${CMD[@]}" >/dev/null
		st=("${PIPESTATUS[@]}")
	fi
	t1=$EPOCHREALTIME
	for x in "${st[@]}"; do
		[ "$x" = 0 ] || die "pipeline $p failed on $h5 (exit ${st[*]})"
	done
	T=$(elapsed "$t0" "$t1")
	read -r RA CA < <(tail -n 1 "$tmp/ra" | awk '{ print $1, $2 + $3 }')
	read -r RB CB < <(tail -n 1 "$tmp/rb" | awk '{ print $1, $2 + $3 }')
	read -r RC CC < <(tail -n 1 "$tmp/rc" | awk '{ print $1, $2 + $3 }')
	C=$(awk -v a="$CA" -v b="$CB" -v c="$CC" 'BEGIN { printf "%.2f", a + b + c }')
}

measure_pipe() {
	local key=$1 h5=$2 p=$3 ts=() cs=() ra=() rb=() rc=() ca=() cb=() cc=() raw=() i
	WARM=("$h5")
	warm
	for ((i = 0; i < reps; i++)); do
		pipe_once "$h5" "$p"
		ts+=("$T") cs+=("$C") ra+=("$RA") rb+=("$RB") rc+=("$RC")
		ca+=("$CA") cb+=("$CB") cc+=("$CC") raw+=("$T/$CA+$CB+$CC")
	done
	SEC[$key]=$(median "${ts[@]}")
	CPU[$key]=$(median "${cs[@]}")
	CPUA[$key]=$(median "${ca[@]}")
	CPUB[$key]=$(median "${cb[@]}")
	CPUC[$key]=$(median "${cc[@]}")
	RSSA[$key]=$(maxof "${ra[@]}")
	RSSB[$key]=$(maxof "${rb[@]}")
	RSSC[$key]=$(maxof "${rc[@]}")
	RAW[$key]="${raw[*]}"
	say "$key: ${SEC[$key]} s (runs ${ts[*]}), RSS ${RSSA[$key]} + ${RSSB[$key]} + ${RSSC[$key]} KiB"
}

# label N R: 1M, 16x1M
label() {
	if [ "$2" = 1 ]; then human "$1"; else echo "$2x$(human "$1")"; fi
}

load0=$(cut -d' ' -f1-3 /proc/loadavg)
labels=()
declare -A H5 SPSB CALLSB H5B
for in in "${inputs[@]}"; do
	case $in in
	*x*) r=${in%x*} n=${in#*x} ;;
	*) r=1 n=$in ;;
	esac
	L=$(label "$n" "$r")
	labels+=("$L")
	total=$((n * r))
	h5=$(input_h5 "$n" "$r")
	# The streams come from the programs under test, remade every run.
	sps=$tmp/in.sps
	calls=$tmp/in.calls.sps
	say "$L: making the streams"
	"$spread" -o "$sps" "$h5" || die "sp-read failed on $h5"
	"$spstack" -o "$calls" "$sps" || die "sp-stack failed"
	cat "$h5" "$sps" "$calls" >/dev/null	# page cache
	H5[$L]=$h5
	H5B[$L]=$(fsize "$h5")
	SPSB[$L]=$(fsize "$sps")
	CALLSB[$L]=$(fsize "$calls")
	CALLS[$L]=$total

	# floors
	WARM=("$h5")
	measure "h5floor@$L" /dev/null "$floor" "$h5"
	WARM=("$sps")
	measure "cat-sps@$L" /dev/null cat "$sps"
	WARM=("$calls")
	measure "cat-calls@$L" /dev/null cat "$calls"

	# the stages alone
	WARM=("$h5")
	measure "sp-read@$L" /dev/null "$spread" "$h5"
	INB[sp-read@$L]=${H5B[$L]} OUTB[sp-read@$L]=${SPSB[$L]}
	FLOOR[sp-read@$L]=${SEC[h5floor@$L]}
	FLOORC[sp-read@$L]=${CPU[h5floor@$L]}
	WARM=("$sps")
	measure "sp-stack@$L" /dev/null "$spstack" "$sps"
	INB[sp-stack@$L]=${SPSB[$L]} OUTB[sp-stack@$L]=${CALLSB[$L]}
	FLOOR[sp-stack@$L]=$(awk -v a="${SEC[cat-sps@$L]}" -v b="${SEC[cat-calls@$L]}" 'BEGIN { printf "%.6f", a + b }')
	FLOORC[sp-stack@$L]=$(awk -v a="${CPU[cat-sps@$L]}" -v b="${CPU[cat-calls@$L]}" 'BEGIN { printf "%.3f", a + b }')
	for e in "${exporters[@]}"; do
		# once to files: the output bytes, and their floor
		fresh_o
		ecmd "$e" "$calls" "$tmp/o/out"
		"${CMD[@]}" >/dev/null || die "$e failed"
		INB[$e@$L]=${CALLSB[$L]}
		OUTB[$e@$L]=$(du -cb "$tmp"/o/* | tail -n 1 | cut -f1)
		mv "$tmp/o" "$tmp/eo"
		WARM=("$tmp"/eo/*)
		measure "cat-$e@$L" /dev/null cat "$tmp"/eo/*
		rm -rf "$tmp/eo"
		FLOOR[$e@$L]=$(awk -v a="${SEC[cat-calls@$L]}" -v b="${SEC[cat-$e@$L]}" 'BEGIN { printf "%.6f", a + b }')
		FLOORC[$e@$L]=$(awk -v a="${CPU[cat-calls@$L]}" -v b="${CPU[cat-$e@$L]}" 'BEGIN { printf "%.3f", a + b }')
		ecmd "$e" "$calls" /dev/null
		WARM=("$calls")
		measure "$e@$L" /dev/null "${CMD[@]}"
	done

	# the pipelines
	for p in "${pipes[@]}"; do
		measure_pipe "pipe-$p@$L" "$h5" "$p"
		INB[pipe-$p@$L]=${H5B[$L]}
		if [ "$p" = stack ]; then
			OUTB[pipe-$p@$L]=${CALLSB[$L]}
		else
			OUTB[pipe-$p@$L]=${OUTB[$p@$L]}
		fi
		FLOOR[pipe-$p@$L]=${SEC[h5floor@$L]}
	done
	rm -f "$sps" "$calls"
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

# --- verdicts ---------------------------------------------------------------

verdict() { if [ "$1" = 1 ]; then echo PASS; else echo "**FAIL**"; fi; }
single=()	# one-rank inputs, smallest first
for L in "${labels[@]}"; do
	case $L in *x*) ;; *) single+=("$L") ;; esac
done
small=${single[0]}
large=${single[${#single[@]} - 1]}

vrows=()
all=1
declare -A MISS=()	# the stages to profile
plab=$(label "$profat" 1)
for L in "${labels[@]}"; do
	k=pipe-stack@$L
	r=$(mcps "${CALLS[$L]}" "${SEC[$k]}")
	ok=0; ge "$r" 50 && ok=1
	[ $ok = 1 ] || { all=0; MISS[sp-read]=1; MISS[sp-stack]=1; }
	vrows+=("| sp-read \\| sp-stack >= 50 M calls/s, $L | $r M calls/s | $(verdict $ok) |")
done
for e in "${exporters[@]}"; do
	for L in "${labels[@]}"; do
		x=$(ratio "${SEC[$e@$L]}" "${FLOOR[$e@$L]}")
		ok=0; le "$x" 3 && ok=1
		[ $ok = 1 ] || { all=0; MISS[$e]=1; }
		vrows+=("| $(ename "$e") within 3x its floor, $L | $x x (CPU: $(ratio "${CPU[$e@$L]}" "${FLOORC[$e@$L]}") x) | $(verdict $ok) |")
	done
done
# peak RSS: every stage alone and in every pipeline. rrows: the table;
# SRSS[stage]: 1 while every row of the stage passes; SMAX[stage]: its
# highest peak RSS (KiB).
rrows=()
declare -A SRSS SMAX
rssrow() {	# rssrow STAGE NAME ARRAY KEYPREFIX
	local st=$1 name=$2
	local -n t=$3
	local a=${t[$4@$small]} b=${t[$4@$large]} L mx=0 v ok cells=""
	for L in "${labels[@]}"; do
		v=${t[$4@$L]}
		[ "$v" -gt "$mx" ] && mx=$v
		cells="$cells $(mib "$v") |"
	done
	ok=0
	le "$mx" 65536 && flat "$a" "$b" && ok=1
	[ -n "${SRSS[$st]:-}" ] || SRSS[$st]=1
	[ -n "${SMAX[$st]:-}" ] || SMAX[$st]=0
	[ "$mx" -gt "${SMAX[$st]}" ] && SMAX[$st]=$mx
	[ $ok = 1 ] || { all=0; SRSS[$st]=0; }
	rrows+=("| $name |$cells $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%+.1f", (b - a) / 1024 }') | $(verdict $ok) |")
}
for s in "${stages[@]}"; do
	rssrow "$s" "$(ename "$s")" RSS "$s"
done
for p in "${pipes[@]}"; do
	if [ "$p" = stack ]; then
		pn="sp-read \\| sp-stack"
	else
		pn="… \\| $(ename "$p")"
	fi
	rssrow sp-read "sp-read in $pn" RSSA "pipe-$p"
	rssrow sp-stack "sp-stack in $pn" RSSB "pipe-$p"
	[ "$p" = stack ] || rssrow "$p" "$(ename "$p") in $pn" RSSC "pipe-$p"
done
for s in "${stages[@]}"; do
	vrows+=("| $(ename "$s"): peak RSS <= 64 MiB and flat, alone and in every pipeline | at most $(mib "${SMAX[$s]}") MiB | $(verdict "${SRSS[$s]}") |")
done

# --- profiles ---------------------------------------------------------------

# perf (cpu-clock samples, no call graphs): the shares of the busiest
# symbols, for each stage that misses a target, on input $plab.
declare -A PROF=()
if [ $profile = 1 ] && [ -n "${H5[$plab]:-}" ] && command -v perf >/dev/null &&
    perf record -q -o "$tmp/perf.try" true >/dev/null 2>&1; then
	h5=${H5[$plab]}
	sps=$tmp/in.sps
	calls=$tmp/in.calls.sps
	"$spread" -o "$sps" "$h5" && "$spstack" -o "$calls" "$sps" ||
		die "cannot make the streams for the profiles"
	for s in "${stages[@]}"; do
		[ -n "${MISS[$s]:-}" ] || continue
		case $s in
		sp-read) CMD=("$spread" "$h5") ;;
		sp-stack) CMD=("$spstack" "$sps") ;;
		*) fresh_o; ecmd "$s" "$calls" /dev/null ;;
		esac
		say "profiling $s on $plab"
		cat "$h5" "$sps" "$calls" >/dev/null
		wait_quiet
		perf record -q -F 4999 -o "$tmp/perf.data" -- "${CMD[@]}" \
			>/dev/null 2>"$tmp/perf.err" || { PROF[$s]="(perf failed)"; continue; }
		PROF[$s]=$(perf report -i "$tmp/perf.data" --no-children \
			--sort dso,sym --stdio 2>/dev/null | awk '
			/^#/ || NF < 3 { next }
			{ pct = $1; sub(/%$/, "", pct); if (pct + 0 < 1.5) next
			  dso = $2; $1 = ""; $2 = ""; sym = $0; sub(/^ +/, "", sym)
			  sub(/^\[[.k]\] /, "", sym)
			  printf "| %s%% | %s | `%s` |\n", pct, dso, sym }' | head -n 12)
	done
	rm -f "$sps" "$calls" "$tmp/perf.data" "$tmp/perf.try"
fi

# --- report -----------------------------------------------------------------

# srow KEY LABEL: a stage row
srow() {
	local k=$1 L=${1#*@}
	local s=${SEC[$k]}
	printf '| %s | %.3f | %s | %s | %s | %.3f | %s | %.3f | %s | %s |\n' \
		"$2" "$s" "$(mcps "${CALLS[$L]}" "$s")" \
		"$(mbps "${INB[$k]}" "$s")" "$(mbps "${OUTB[$k]}" "$s")" \
		"${CPU[$k]}" "$(mib "${RSS[$k]}")" "${FLOOR[$k]}" \
		"$(ratio "$s" "${FLOOR[$k]}")" "$(ratio "${CPU[$k]}" "${FLOORC[$k]}")"
}
# prow KEY LABEL: a pipeline row
prow() {
	local k=$1 L=${1#*@} p=${1%@*}
	local s=${SEC[$k]} cpus rsss
	p=${p#pipe-}
	if [ "$p" = stack ]; then
		cpus="${CPUA[$k]} + ${CPUB[$k]}"
		rsss="$(mib "${RSSA[$k]}") + $(mib "${RSSB[$k]}")"
	else
		cpus="${CPUA[$k]} + ${CPUB[$k]} + ${CPUC[$k]}"
		rsss="$(mib "${RSSA[$k]}") + $(mib "${RSSB[$k]}") + $(mib "${RSSC[$k]}")"
	fi
	# on 2 idle CPUs: no faster than its slowest stage, nor than half
	# the CPU time of all its stages
	bound=$(awk -v n="${CALLS[$L]}" -v a="${CPUA[$k]}" -v b="${CPUB[$k]}" \
		-v c="${CPUC[$k]}" -v cpus="$(nproc)" 'BEGIN { m = a; if (b > m) m = b;
		if (c > m) m = c; h = (a + b + c) / cpus; if (h > m) m = h;
		if (m > 0) printf "%.1f", n / m / 1e6; else print "-" }')
	printf '| %s | %.3f | %s | %s | %s | %s | %s | %s | %s |\n' \
		"$2" "$s" "$(mcps "${CALLS[$L]}" "$s")" \
		"$(mbps "${INB[$k]}" "$s")" "$(mbps "${OUTB[$k]}" "$s")" \
		"$cpus" "$bound" "$rsss" "$(ratio "$s" "${FLOOR[$k]}")"
}
frow() {	# frow KEY LABEL BYTES
	printf '| %s | %.3f | %s |\n' "$2" "${SEC[$1]}" "$(mbps "$3" "${SEC[$1]}")"
}

{
	echo "# sp benchmarks"
	echo
	if [ $quick = 1 ]; then
		echo "**Quick run** (small inputs): a smoke test, not the reference numbers."
		echo
	fi
	echo "Written by \`bench/run.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"(method: [bench/README.md](bench/README.md)). Every figure below was"
	echo "measured in this run; floors too."
	echo
	about_lines
	echo "- load average (1/5/15 min) before: $load0; after: $load1"
	echo "- each measurement: median of $reps runs (wall seconds, bash EPOCHREALTIME);" \
		"CPU: user + system (GNU time, 10 ms resolution); peak RSS: GNU time %M," \
		"highest of the runs, each stage of a pipeline its own"
	echo "- inputs: \`spgen.py synth --schema 3 --shape template --ranks R" \
		"--storage auto --seed 1 --calls N\` (N calls per rank; 9 regions," \
		"depth 6, event columns chunked by h5py's guess); the interval and" \
		"call streams made by the programs under test, all in the page cache:"
	for L in "${labels[@]}"; do
		echo "  - $L: ${CALLS[$L]} calls; HDF5 $(mb "${H5B[$L]}") MB," \
			"interval stream $(mb "${SPSB[$L]}") MB, call stream $(mb "${CALLSB[$L]}") MB"
	done
	if [ "$BUSY" -gt 0 ]; then
		echo
		echo "**The machine was busy** during $BUSY of $RUNS runs: their wall"
		echo "times include waiting for a CPU. Compare the CPU columns, and re-run"
		echo "on an idle machine before trusting the wall-clock verdicts."
	fi
	echo
	echo "## Summary"
	echo
	echo "M calls/s per wall second (× floor in brackets), and peak RSS."
	echo
	printf '| stage or pipeline |'
	for L in "${labels[@]}"; do printf ' %s |' "$L"; done
	echo " peak RSS MiB ($(IFS=/; echo "${labels[*]}" | sed 's#/# / #g')) |"
	printf '| --- |'
	for L in "${labels[@]}"; do printf ' ---: |'; done
	echo ' ---: |'
	for s in "${stages[@]}"; do
		printf '| `%s` |' "$(ename "$s" | sed 's/\\//g')"
		for L in "${labels[@]}"; do
			printf ' %s (%s×) |' "$(mcps "${CALLS[$L]}" "${SEC[$s@$L]}")" \
				"$(awk -v a="${SEC[$s@$L]}" -v b="${FLOOR[$s@$L]}" 'BEGIN { printf "%.1f", a / b }')"
		done
		printf ' %s |\n' "$(for L in "${labels[@]}"; do mib "${RSS[$s@$L]}"; echo; done | paste -sd/ | sed 's#/# / #g')"
	done
	for p in "${pipes[@]}"; do
		if [ "$p" = stack ]; then
			printf '| `sp-read \\| sp-stack` |'
		else
			printf '| `sp-read \\| sp-stack \\| %s` |' "$(ename "$p")"
		fi
		for L in "${labels[@]}"; do
			printf ' %s (%s×) |' "$(mcps "${CALLS[$L]}" "${SEC[pipe-$p@$L]}")" \
				"$(awk -v a="${SEC[pipe-$p@$L]}" -v b="${FLOOR[pipe-$p@$L]}" 'BEGIN { printf "%.1f", a / b }')"
		done
		printf ' %s |\n' "$(for L in "${labels[@]}"; do
			k=pipe-$p@$L
			m=${RSSA[$k]}; [ "${RSSB[$k]}" -gt "$m" ] && m=${RSSB[$k]}
			[ "${RSSC[$k]}" -gt "$m" ] && m=${RSSC[$k]}
			mib "$m"; echo; done | paste -sd/ | sed 's#/# / #g')"
	done
	echo
	echo "Floors: \`h5floor\` (a bare loop of chunk-sized H5Dread calls over the"
	echo "two event columns, bench/h5floor.c) for sp-read and every pipeline;"
	echo "\`cat\` of the input stream and of the output bytes to /dev/null,"
	echo "added, for the stream readers. Pipelines: peak RSS is the largest"
	echo "stage's (each stage's own is in the tables below)."
	echo
	echo "## Verdict"
	echo
	echo "Targets: sp-read | sp-stack at least 50 M calls/s; each exporter"
	echo "within 3× its floor; peak RSS of every stage, alone and in every"
	echo "pipeline, at most 64 MiB and flat from $small to $large calls."
	echo
	echo "| target | measured | verdict |"
	echo "| --- | --- | --- |"
	printf '%s\n' "${vrows[@]}"
	echo
	echo "Peak RSS (MiB) of each stage alone and inside each pipeline; flat:"
	echo "at $large at most 1.10 × its $small figure + 2 MiB."
	echo
	printf '| process |'
	for L in "${labels[@]}"; do printf ' %s |' "$L"; done
	echo " $small → $large MiB | ≤ 64 MiB and flat |"
	printf '| --- |'
	for L in "${labels[@]}"; do printf ' ---: |'; done
	echo ' ---: | --- |'
	printf '%s\n' "${rrows[@]}"
	echo
	if [ $all = 1 ]; then
		echo "**Overall: PASS** (every target met)."
	else
		echo "**Overall: FAIL** (see the rows marked FAIL)."
	fi
	for L in "${labels[@]}"; do
		echo
		echo "## $L calls"
		echo
		echo "| floor | seconds | MB/s |"
		echo "| --- | ---: | ---: |"
		frow "h5floor@$L" "h5floor FILE.h5 (HDF5 MB)" "${H5B[$L]}"
		frow "cat-sps@$L" "cat interval stream" "${SPSB[$L]}"
		frow "cat-calls@$L" "cat call stream" "${CALLSB[$L]}"
		for e in "${exporters[@]}"; do
			frow "cat-$e@$L" "cat output of $(ename "$e") ($(mb "${OUTB[$e@$L]}") MB)" "${OUTB[$e@$L]}"
		done
		echo
		echo "| stage | seconds | M calls/s | MB/s in | MB/s out | CPU s | peak RSS MiB | floor s | × floor | × floor, CPU |"
		echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
		srow "sp-read@$L" "sp-read FILE.h5"
		srow "sp-stack@$L" "sp-stack INTERVALS"
		for e in "${exporters[@]}"; do
			srow "$e@$L" "$(ename "$e") CALLS"
		done
		echo
		echo "| pipeline | seconds | M calls/s | MB/s in | MB/s out | CPU s per stage | CPU bound, M calls/s | peak RSS MiB per stage | × h5floor |"
		echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
		for p in "${pipes[@]}"; do
			if [ "$p" = stack ]; then
				prow "pipe-$p@$L" "sp-read \\| sp-stack"
			else
				prow "pipe-$p@$L" "sp-read \\| sp-stack \\| $(ename "$p")"
			fi
		done
	done
	echo
	echo "CPU s: user + system (stages alone: bash \`times\`, 1 ms resolution; pipeline"
	echo "stages: GNU time, 10 ms). × floor, CPU: the same ratio of CPU seconds,"
	echo "which other work on the machine disturbs less. CPU bound: calls / the"
	echo "pipeline's least possible wall time on $(nproc) idle CPUs (its slowest"
	echo "stage's CPU time, or all stages' over $(nproc) CPUs, whichever is larger)."
	echo
	echo "MB = 10^6 bytes, MiB = 2^20 bytes. MB/s in: of the stage's input"
	echo "(HDF5 file, interval stream, call stream), out: of what it writes;"
	echo "pipelines: the HDF5 file in, the last stage's output out. Stage"
	echo "outputs go to /dev/null, except sp-pstats' and sp-flame's files (one"
	echo "per rank, small). Output MB of an exporter: its files, made once"
	echo "before the timed runs, which is what \`cat\` reads for the floor."
	echo
	echo "## Where the time goes"
	echo
	if [ ${#PROF[@]} = 0 ]; then
		echo "No profiles: $([ $profile = 0 ] && echo 'this run was made with --no-profile' ||
			echo 'every stage met its targets, or perf is not available')."
	else
		echo "\`perf record -F 4999\` (cpu-clock samples) of each stage that misses a"
		echo "target, alone on the $plab-call input; symbols of at least 1.5% of"
		echo "the samples. \`[kernel.kallsyms]\` is the kernel: copies to and from"
		echo "user space (\`_copy_to_iter\`, \`copy_user_*\`: the page cache and"
		echo "pipes) and the hypervisor's share of system calls."
		for s in "${stages[@]}"; do
			[ -n "${PROF[$s]:-}" ] || continue
			echo
			echo "### $(ename "$s")"
			echo
			echo "| share | object | symbol |"
			echo "| ---: | --- | --- |"
			echo "${PROF[$s]}"
		done
	fi
	echo
	echo "## Raw runs"
	echo
	echo "Wall seconds / CPU seconds of each run (pipelines: CPU of sp-read +"
	echo "sp-stack [+ exporter])."
	echo
	for L in "${labels[@]}"; do
		for k in h5floor cat-sps cat-calls "${stages[@]}"; do
			echo "- $k, $L: ${RAW[$k@$L]}"
		done
		for e in "${exporters[@]}"; do
			echo "- cat-$e, $L: ${RAW[cat-$e@$L]}"
		done
		for p in "${pipes[@]}"; do
			echo "- pipe $(ename "$p" | sed 's/\\//g')$([ "$p" = stack ] || echo ' (after sp-read | sp-stack)'), $L: ${RAW[pipe-$p@$L]}"
		done
	done
} >"$tmp/results.md"
# section TITLE FILE CMD...: CMD (another bench script, run with the
# programs built here) writes FILE; it joins the results as a section
# named TITLE, its own sections one level down
section() {
	local title=$1 file=$2

	shift 2
	SP_BUILD=$build SP_BENCH_NOBUILD=1 SP_BENCH_OUT=$file "$@" \
		$([ $quick = 1 ] && echo --quick) || die "$* failed"
	{
		echo
		sed -e "1s/^# .*/## $title/" -e '2,$s/^## /### /' "$file"
	} >>"$tmp/results.md"
}
# sp-stats' table on the recursive profile: its targets' bar
[ -n "${SP_BENCH_NO_RECURSIVE:-}" ] ||
	section "sp-stats on the recursive profile" "$tmp/recursive.md" \
		bash "$bench/stats.sh" --recursive
# the compass: real-shaped profiles against the reference, last
[ -n "${SP_BENCH_NO_COMPASS:-}" ] ||
	SP_BENCH_INPUTS= section \
		"The compass: real-shaped profiles against the reference" \
		"$tmp/compass.md" bash "$bench/compass.sh"
mv "$tmp/results.md" "$out"
say "wrote $out"

# README's summary: the Summary table of a full run into the block between
# the bench-summary markers (a --quick run or another SP_BENCH_OUT leaves
# README alone).
readme=$root/README.md
if [ $quick = 0 ] && [ "$out" = "$root/BENCHMARKS.md" ] &&
	grep -q '^<!-- bench-summary -->$' "$readme"; then
	{
		echo "Measured by \`bench/run.sh\` on $(date -u '+%Y-%m-%d'), commit"
		echo "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown), on the $(nproc)-CPU development machine: M calls/s"
		echo "per wall second, × the floor measured in the same run in brackets,"
		echo "and peak RSS (one rank; 16 ranks for 16x1M). Floors, verdicts,"
		echo "profiles and method: [BENCHMARKS.md](BENCHMARKS.md)."
		echo
		awk '/^\| stage or pipeline \|/ { p = 1 } p && /^$/ { exit } p' "$out"
	} >"$tmp/readme-summary.txt"
	awk -v f="$tmp/readme-summary.txt" '
		/^<!-- bench-summary -->$/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
		/^<!-- \/bench-summary -->$/ { skip = 0 }
		!skip' "$readme" >"$tmp/README.md"
	cat "$tmp/README.md" >"$readme"
	say "updated the summary in $readme"
fi
