#!/usr/bin/env bash
# bench/json.sh: throughput (MB/s of JSON written, plain and .gz, and
# read back) and peak memory of sp-json and of sp-read on JSON profiles,
# on the 1M- and 10M-call profiles of bench/run.sh, against floors
# measured in the same run (cat of the document to /dev/null and to a
# file).
#
#   bench/json.sh            1M- and 10M-call inputs, writes
#                            bench/data/JSON.md
#   bench/json.sh --quick    100K- and 1M-call inputs, writes
#                            bench/data/JSON-quick.md
#
# Inputs are the synthetic profiles of bench/run.sh (spgen synth, schema 3,
# template shape, one rank), generated into bench/data/ (git-ignored) when
# missing and reused otherwise; their interval streams, in time order and
# in file order, are made in a scratch directory there by the sp-read under
# test.
# Environment: SP_BUILD (release build tree, default build-bench),
# SP_BENCH_REPS (runs per measurement, default 3; the median is reported),
# SP_BENCH_OUT (results file), SP_BENCH_IDLE / SP_BENCH_WAIT (wait for an
# idle machine: percent idle, default 90, and seconds at most, default 300).
set -euo pipefail

. "$(dirname "$0")/common.sh"
bench_args json.sh "$@"
bench_init json.sh $quick
if [ $quick = 1 ]; then
	sizes=(100000 1000000)
	out=${SP_BENCH_OUT:-$data/JSON-quick.md}
else
	sizes=(1000000 10000000)
	out=${SP_BENCH_OUT:-$data/JSON.md}
fi

bench_build cmd/sp-read cmd/sp-json
spread=$build/cmd/sp-read
spjson=$build/cmd/sp-json

# --- inputs --------------------------------------------------------------

declare -A h5s
for n in "${sizes[@]}"; do
	h5s[$n]=$(input_h5 "$n")
done
h5_of() { echo "${h5s[$1]}"; }

# --- measuring (timed: see common.sh) --------------------------------------

# The bytes spilled, from sp-json -v in $tmp/err.
spilled() { sed -n 's/.*; \([0-9]*\) bytes spilled.*/\1/p' "$tmp/err"; }

# measure KEY REF OUT CMD...: measure_reps (common.sh), and res[KEY:s],
# the bytes its last run spilled.
measure() {
	measure_reps "$@"
	res[$1:s]=$(spilled)
}

for n in "${sizes[@]}"; do
	h5=$(h5_of "$n")
	ts=$tmp/time.sps fs=$tmp/file.sps doc=$tmp/doc.json
	say "$n calls: streams"
	"$spread" "$h5" -o "$ts" && "$spread" --order file "$h5" -o "$fs" ||
		die "sp-read failed on $h5"
	cat "$h5" "$ts" "$fs" >/dev/null	# page cache
	"$spjson" "$ts" -o "$doc" || die "sp-json failed"
	res[$n:bytes]=$(fsize "$doc")
	res[$n:sps]=$(fsize "$ts")
	res[$n:h5]=$(fsize "$h5")

	say "$n calls: writing"
	measure "$n:time" "$doc" "$tmp/o.json" "$spjson" -v "$ts" -o "$tmp/o.json"
	measure "$n:file" "$doc" "$tmp/o.json" "$spjson" -v "$fs" -o "$tmp/o.json"
	measure "$n:small" "$doc" "$tmp/o.json" "$spjson" -v -S 4M "$fs" -o "$tmp/o.json"
	measure "$n:null" - /dev/null "$spjson" -v "$fs" -o /dev/null
	measure "$n:gz" - "$tmp/o.json.gz" "$spjson" -v "$fs" -o "$tmp/o.json.gz"
	gzip -dc "$tmp/o.json.gz" | cmp -s - "$doc" || die "gz differs"
	res[$n:gzbytes]=$(fsize "$tmp/o.json.gz")
	measure "$n:lines" - "$tmp/o.ndjson" "$spjson" --lines "$ts" -o "$tmp/o.ndjson"
	res[$n:lbytes]=$(fsize "$tmp/o.ndjson")
	rm -f "$tmp/o.ndjson"

	say "$n calls: reading back"
	measure "$n:read" - /dev/null "$spread" "$doc" -o /dev/null
	measure "$n:readgz" - /dev/null "$spread" "$tmp/o.json.gz" -o /dev/null
	rm -f "$tmp/o.json.gz"

	say "$n calls: floors and the pipeline"
	measure "$n:cat" - /dev/null cat "$doc"
	tw=() tp=() rp=()
	for ((i = 0; i < reps; i++)); do
		rm -f "$tmp/copy.json"
		timed "$tmp/copy.json" cat "$doc"
		tw+=("$T")
		wait_quiet
		t0=$EPOCHREALTIME
		"$spread" --order file "$h5" |
			$timebin -f %M -o "$tmp/rss" "$spjson" -o "$tmp/p.json" ||
			die "pipeline failed"
		t1=$EPOCHREALTIME
		tp+=("$(elapsed "$t0" "$t1")") rp+=("$(tail -n 1 "$tmp/rss")")
		cmp -s "$tmp/p.json" "$doc" || die "pipeline document differs"
		rm -f "$tmp/p.json"
	done
	rm -f "$tmp/copy.json"
	res[$n:catw:t]=$(median "${tw[@]}")
	res[$n:pipe:t]=$(median "${tp[@]}")
	res[$n:pipe:r]=$(maxof "${rp[@]}")
	rm -f "$ts" "$fs" "$doc" "$tmp/o.json"
done

# --- report --------------------------------------------------------------

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- lib cmd 2>/dev/null | head -n 1)
[ -n "$dirty" ] && commit="$commit + uncommitted changes"
small=${sizes[0]} large=${sizes[1]}
verdict_speed=met verdict_rss=met
for n in "${sizes[@]}"; do
	for k in time file; do
		[ "$(mbps "${res[$n:bytes]}" "${res[$n:$k:t]}")" -ge 200 ] ||
			verdict_speed="NOT met"
	done
done
# flat: the larger input takes at most the smaller's RSS, +10% +2 MiB
# (file order at the default buffer holds its largest row: see below)
for k in time small read readgz; do
	awk -v a="${res[$small:$k:r]}" -v b="${res[$large:$k:r]}" \
	    'BEGIN { exit !(b <= 1.10 * a + 2048) }' || verdict_rss="NOT met"
done

row() {	# row LABEL KEY BYTES: one measurement as a table row per size
	local label=$1 k=$2 n b
	for n in "${sizes[@]}"; do
		b=$3
		[ "$b" = json ] && b=${res[$n:bytes]}
		[ "$b" = gz ] && b=${res[$n:bytes]}
		[ "$b" = lines ] && b=${res[$n:lbytes]}
		printf '| %s | %s | %.3f s | **%s** | %.2f s | %s | **%s MiB** | %s |\n' \
			"$label" "$n" "${res[$n:$k:t]}" "$(mbps "$b" "${res[$n:$k:t]}")" \
			"${res[$n:$k:c]}" "$(mbps "$b" "${res[$n:$k:c]}")" \
			"$(mib "${res[$n:$k:r]}")" "${res[$n:$k:s]:-}"
	done
}

{
	echo "# sp-json: throughput and memory"
	echo
	echo "Written by \`bench/json.sh$([ $quick = 1 ] && echo ' --quick')\`" \
		"on $(date -u +%Y-%m-%d) at commit $commit."
	echo "Machine: $cpu, $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM."
	echo "Build: \`$build\` ($buildtype). Median of $reps runs; peak RSS is"
	echo "the largest of them (GNU time %M). Each run waited for an idle"
	echo "machine (${SP_BENCH_IDLE:-90}% idle CPUs, ${SP_BENCH_WAIT:-300} s at most in all);"
	echo "$BUSY of $RUNS runs started on a busy machine after that."
	echo
	echo "Inputs: \`spgen synth ${genargs[*]} --calls N\` (one rank, one"
	echo "lane, 9 regions), read by the sp-read under test into an interval"
	echo "stream in time order and one in file order (\`--order file\`), all"
	echo "in the page cache. Default buffer (\`-S 32M\`). MB = 10^6 bytes;"
	echo "MB/s = bytes of JSON text (uncompressed, also for .gz) / seconds."
	echo
	for n in "${sizes[@]}"; do
		echo "- $n calls: HDF5 $(mb "${res[$n:h5]}") MB, stream $(mb "${res[$n:sps]}") MB," \
			"JSON $(mb "${res[$n:bytes]}") MB, .json.gz (level 6)" \
			"$(mb "${res[$n:gzbytes]}") MB, NDJSON $(mb "${res[$n:lbytes]}") MB"
	done
	echo
	echo "| what | calls | wall | MB/s | CPU | MB/CPU s | peak RSS | spilled bytes |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	row "write, time order: sp-json -o doc.json" time json
	row "write, file order: sp-json -o doc.json" file json
	row "write, file order, -S 4M" small json
	row "write, file order, to /dev/null" null json
	row "write .gz, file order: -o doc.json.gz" gz gz
	row "NDJSON, time order: --lines -o x.ndjson" lines lines
	row "read back: sp-read doc.json -o /dev/null" read json
	row "read back .gz: sp-read doc.json.gz" readgz json
	row "floor: cat doc.json >/dev/null" cat json
	for n in "${sizes[@]}"; do
		printf '| floor: cat doc.json >FILE | %s | %.3f s | %s | | | | |\n' \
			"$n" "${res[$n:catw:t]}" "$(mbps "${res[$n:bytes]}" "${res[$n:catw:t]}")"
	done
	for n in "${sizes[@]}"; do
		printf '| sp-read --order file run.h5 \\| sp-json -o doc.json | %s | %.3f s | %s | | | %s MiB (sp-json) | |\n' \
			"$n" "${res[$n:pipe:t]}" "$(mbps "${res[$n:bytes]}" "${res[$n:pipe:t]}")" \
			"$(mib "${res[$n:pipe:r]}")"
	done
	echo
	echo "Targets: writing at least 200 MB/s (plain, both orders, wall"
	echo "time): **$verdict_speed**. Memory flat ($large calls take at most"
	echo "1.10 x the RSS of $small + 2 MiB: time order, file order at -S 4M,"
	echo "reading back plain and .gz): **$verdict_rss**."
	echo
	echo "Time order regroups through a store per rank: in memory while it"
	echo "fits the buffer (the 1M-call run), else on a temporary file (the"
	echo "10M-call run: its columns come in order within each row, so each"
	echo "value is written once in place and read once). File order writes"
	echo "the last rank as it comes: the start times straight out, the rest"
	echo "of the row being read held in memory while it fits the buffer."
	echo "So its peak RSS follows the largest row (a third of the calls"
	echo "here) up to -S; with -S 4M it is flat and spills only the rows"
	echo "larger than that, in order."
} >"$out"
say "wrote $out"
cat "$out"
