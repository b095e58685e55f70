#!/bin/sh
# compare-outputs.sh - run the programs of two builds on the same inputs
# and compare everything they write, byte for byte.
#
#     tools/compare-outputs.sh OLD_BIN_DIR NEW_BIN_DIR
#
# Each BIN_DIR holds sp-read, sp-stack, sp-pstats, sp-speedscope, sp-flame,
# sp-json and sp-stats (a build's cmd/ directory), and sp-trace, sp-scale,
# sp-diff and sp-report, each compared when both have it.  For a change that must
# not change what the programs write (a refactor), OLD is a build from
# before it and NEW one from after:
#
#     tools/compare-outputs.sh /work/before/build/cmd build/cmd
#
# The inputs, made once and shared by both sides, are HDF5 profiles from
# tests/gen/spgen.py (Debian's /usr/bin/python3, with h5py): every schema
# (0 to 3), columnar and aggregate layouts, several ranks, thread and task
# lanes, gpu durations, call ids, exclusive totals, summary statistics,
# side payloads (--extras), tricky names, fixed and ascii strings, chunked
# and gzip storage, unsorted and overlapping rows, an empty profile and
# damaged ones, plus small spec files (recursion, zero-length and touching
# calls, labelled runs).  Then each side, in its own scratch directory,
# runs the same list of steps with its own programs: sp-read of every
# profile (plain, --order file, --ranks, --include/--exclude, --batch,
# --shard, several files, its own sp-json documents, .json and .json.gz),
# sp-stack of those streams (shards joined too), and each exporter on the
# call streams with a representative set of its options (sp-diff on two
# runs of one program, and on four), and on bad
# input: an interval stream, a truncated stream, no calls, several runs
# to standard output, /dev/null, usage errors.  A step's later steps read
# the files it wrote, so each side is one whole pipeline.
#
# Every step runs in an empty directory of its own, with LC_ALL=C and
# standard input from /dev/null.  Compared per step: standard output,
# standard error (the BIN_DIR and the side's scratch directory replaced by
# fixed words, so that they can differ), the exit status, the names of the
# files and directories the step created, and each file's bytes.  Each
# comparison is printed; the last line says "N outputs compared: all
# identical" (exit 0), or the differences are listed (exit 1).  Exit 2:
# usage, or the inputs could not be made.
#
# SP_COMPARE_KEEP=1 keeps the scratch directory and prints its name.
# SPGEN_PYTHON (default /usr/bin/python3) runs the generator.

set -u
LC_ALL=C
export LC_ALL

prog=compare-outputs
if [ $# -ne 2 ]; then
	echo "usage: $0 OLD_BIN_DIR NEW_BIN_DIR" >&2
	exit 2
fi
programs="sp-read sp-stack sp-pstats sp-speedscope sp-flame sp-json sp-stats"
# sp-trace is compared too when both builds have it (builds from before
# it came have not)
if [ -x "$1/sp-trace" ] && [ -x "$2/sp-trace" ]; then
	programs="$programs sp-trace"
	with_trace=1
else
	with_trace=
fi
# and sp-scale likewise
if [ -x "$1/sp-scale" ] && [ -x "$2/sp-scale" ]; then
	programs="$programs sp-scale"
	with_scale=1
else
	with_scale=
fi
# and sp-diff, likewise
if [ -x "$1/sp-diff" ] && [ -x "$2/sp-diff" ]; then
	programs="$programs sp-diff"
	with_diff=1
else
	with_diff=
fi
# and sp-report, likewise
if [ -x "$1/sp-report" ] && [ -x "$2/sp-report" ]; then
	programs="$programs sp-report"
	with_report=1
else
	with_report=
fi
for d in "$1" "$2"; do
	for p in $programs; do
		if [ ! -x "$d/$p" ] || [ -d "$d/$p" ]; then
			echo "$prog: $d: no program $p" >&2
			exit 2
		fi
	done
done
old_bin=$(cd "$1" && pwd) && new_bin=$(cd "$2" && pwd) || exit 2
top=$(cd "$(dirname "$0")/.." && pwd)
: "${SPGEN_PYTHON:=/usr/bin/python3}"
spgen="$top/tests/gen/spgen.py"
if ! "$SPGEN_PYTHON" -c 'import h5py, numpy' >/dev/null 2>&1; then
	echo "$prog: $SPGEN_PYTHON has no h5py and numpy for tests/gen/spgen.py" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sp-compare.XXXXXX") || exit 2
if [ -n "${SP_COMPARE_KEEP:-}" ]; then
	echo "scratch directory: $work"
else
	trap 'rm -rf "$work"' EXIT
	trap 'exit 2' HUP INT TERM
fi
started=$(date +%s)

# ---------------------------------------------------------------------
# The inputs, in $work/in: the steps name them ../../in/NAME

mkdir "$work/in" || exit 2
gen() {
	if ! "$SPGEN_PYTHON" "$spgen" "$@" >/dev/null 2>"$work/gen.err"; then
		echo "$prog: spgen $* failed:" >&2
		cat "$work/gen.err" >&2
		exit 2
	fi
}
spec() {
	gen spec - "$work/in/$1" <<EOF
$2
EOF
}
in=$work/in
gen synth --schema 0 --ranks 2 --calls 2000 "$in/s0.h5"
gen synth --schema 1 --ranks 2 --gpu --call-ids --exclusive --summary \
    --calls 3000 "$in/s1.h5"
gen synth --schema 2 --ranks 3 --tasks 2 --summary --extras --calls 3000 \
    "$in/s2.h5"
gen synth --schema 3 --ranks 4 --threads 2 --tasks 1 --gpu --call-ids \
    --exclusive --summary --extras --shape random --regions 40 \
    --calls 5000 "$in/s3.h5"
# s3 again, other calls: sp-diff's after
gen synth --schema 3 --ranks 4 --threads 2 --tasks 1 --gpu --call-ids \
    --exclusive --summary --extras --shape random --regions 40 \
    --calls 5000 --seed 7 "$in/s3b.h5"
gen synth --schema 2 --layout aggregate --ranks 2 "$in/agg2.h5"
gen synth --schema 3 --layout aggregate --ranks 2 --extras --summary \
    "$in/agg3.h5"
gen synth --shape random --names tricky --ranks 2 --regions 12 \
    --calls 3000 --threads 1 "$in/tricky.h5"
gen synth --schema 3 --strings fixed --ranks 2 --extras "$in/fixed.h5"
gen synth --schema 1 --strings fixed "$in/fixed1.h5"
gen synth --schema 2 --strings ascii --names tricky --shape random \
    "$in/ascii.h5"
gen synth --storage shuffle-gzip --chunk 100 --ranks 2 "$in/gzip.h5"
gen synth --schema 1 --storage chunked --chunk 64 "$in/chunk1.h5"
gen synth --unsorted --ranks 2 --shape random --seed 3 "$in/unsorted.h5"
gen synth --overlap "$in/overlap.h5"
gen synth --ranks 2 --calls 100000 --depth 8 --threads 2 "$in/big.h5"
gen synth --schema 3 --metadata full --extras "$in/full.h5"
gen synth --schema 2 --metadata none "$in/nometa.h5"
gen scale --ranks 1,2,4,8 "$in/strong"
gen scale --kind weak --ranks 1,2,4 --repeat 2 "$in/weak"
spec empty.h5 '{"ranks": {}}'
spec zero.h5 '{"ranks": {"0": [["a", [], []]], "1": [["b", [5], [9]]]}}'
# recursion, zero-length calls, touching siblings, a root after the rest
spec rec.h5 '{"ranks": {"0": [["a", [0, 20, 200], [100, 30, 200]],
    ["b", [10, 110], [60, 150]], ["c", [40, 40], [40, 45]],
    ["d", [60, 70], [70, 90]]]}, "metadata": {"label": "rec"}}'
spec label.h5 '{"ranks": {"0": [["x", [5], [50]]], "1": [["y", [0], [30]]]},
    "metadata": {"label": "run two"}}'
gen broken truncated "$in/trunc.h5"
gen broken garbage "$in/garbage.h5"
gen broken region-id-out-of-range "$in/badid.h5"

# ---------------------------------------------------------------------
# The steps: step NAME COMMAND runs COMMAND with sh -c in the empty
# directory $side/NAME; the programs are $SP_READ, $SP_STACK, ...

step() {
	echo "$1" >>"$side/.steps"
	mkdir "$side/$1" || exit 2
	(
		cd "$side/$1" || exit 2
		exec timeout 120 sh -c "$2"
	) </dev/null >"$side/.out/$1.stdout" 2>"$side/.out/$1.stderr"
	echo $? >"$side/.out/$1.exit"
}

# The interval and call streams of these are read by later steps.
good="s0 s1 s2 s3 agg2 agg3 tricky fixed fixed1 ascii gzip chunk1 unsorted
big full nometa empty zero rec label"
# The call streams every exporter writes all of its outputs for.
exported="s0 s1 s2 s3 agg2 agg3 tricky fixed fixed1 ascii gzip chunk1
unsorted big full nometa empty zero rec label shards several json-s3
json-agg3"
# One rank, one run: for the outputs to standard output.
one=ranks-one

steps() {
	IN=../../in

	# sp-read: every profile, then its options
	for x in $good; do
		step read-$x "\"\$SP_READ\" -o out.sps $IN/$x.h5"
	done
	step read-stdout "\"\$SP_READ\" $IN/s3.h5"
	step read-dash-output "\"\$SP_READ\" -o - $IN/s2.h5"
	for x in s3 s2 s1 agg3 unsorted tricky big empty; do
		step read-order-file-$x \
		    "\"\$SP_READ\" --order file -o out.sps $IN/$x.h5"
	done
	step read-order-time "\"\$SP_READ\" --order time -o out.sps $IN/s3.h5"
	step read-ranks-list "\"\$SP_READ\" -r 0,2-3 -o out.sps $IN/s3.h5"
	step read-ranks-repeated "\"\$SP_READ\" -r 1 -r 3 -r 1 -o out.sps $IN/s3.h5"
	step read-ranks-one "\"\$SP_READ\" --ranks 1 -o out.sps $IN/s3.h5"
	step read-ranks-all "\"\$SP_READ\" --ranks all -o out.sps $IN/s3.h5"
	step read-ranks-absent "\"\$SP_READ\" -r 9 -o out.sps $IN/s3.h5"
	step read-ranks-empty-range "\"\$SP_READ\" -r 3-1 -o out.sps $IN/s3.h5"
	step read-include "\"\$SP_READ\" -i kernel -i 'sol' -o out.sps $IN/s3.h5"
	step read-include-dollar "\"\$SP_READ\" -i 'main\$' -o out.sps $IN/s3.h5"
	step read-exclude "\"\$SP_READ\" -x 'io\$' -x 'region_1' -o out.sps $IN/s3.h5"
	step read-include-exclude \
	    "\"\$SP_READ\" --include 'region_' --exclude 'region_2' -o out.sps $IN/s3.h5"
	step read-include-tricky "\"\$SP_READ\" -i 'a > b' -i 'φ' -o out.sps $IN/tricky.h5"
	step read-include-nothing "\"\$SP_READ\" -i zzz -o out.sps $IN/s3.h5"
	step read-batch "\"\$SP_READ\" --batch 7 -o out.sps $IN/s3.h5"
	step read-batch-one "\"\$SP_READ\" --batch 1 -o out.sps $IN/rec.h5"
	step read-quiet "\"\$SP_READ\" -q -o out.sps $IN/s1.h5"
	step read-several "\"\$SP_READ\" -o out.sps $IN/s1.h5 $IN/s2.h5 $IN/label.h5 $IN/s1.h5"
	step read-several-filtered \
	    "\"\$SP_READ\" -r 1 -i main -o out.sps $IN/s0.h5 $IN/s3.h5"
	step read-shard-a "\"\$SP_READ\" --shard -r 0-1 -o a.sps $IN/s3.h5"
	step read-shard-b "\"\$SP_READ\" --shard -r 2-3 -o b.sps $IN/s3.h5"
	step read-shard-c "\"\$SP_READ\" --shard -r 7 -o c.sps $IN/s3.h5"
	step read-noshard-a "\"\$SP_READ\" -r 0-1 -o a.sps $IN/s3.h5"
	step read-output-dirs "\"\$SP_READ\" -o new/dir/out.sps $IN/s0.h5"
	step read-dev-null "\"\$SP_READ\" -o /dev/null $IN/s3.h5"
	step read-missing "\"\$SP_READ\" -o out.sps $IN/missing.h5"
	step read-truncated "\"\$SP_READ\" -o out.sps $IN/trunc.h5"
	step read-garbage "\"\$SP_READ\" -o out.sps $IN/garbage.h5"
	step read-bad-region-id "\"\$SP_READ\" -o out.sps $IN/badid.h5"
	step read-second-broken "\"\$SP_READ\" -o out.sps $IN/s0.h5 $IN/trunc.h5"
	step read-directory "\"\$SP_READ\" -o out.sps $IN"
	step read-stdin "\"\$SP_READ\" - <$IN/s0.h5"
	step read-usage-ranks "\"\$SP_READ\" -r 1-x $IN/s0.h5"
	step read-usage-regex "\"\$SP_READ\" -i '(' $IN/s0.h5"
	step read-usage-batch "\"\$SP_READ\" --batch 0 $IN/s0.h5"
	step read-usage-order "\"\$SP_READ\" --order random $IN/s0.h5"
	step read-usage-no-file "\"\$SP_READ\""
	step read-usage-unknown "\"\$SP_READ\" --bogus $IN/s0.h5"
	step read-usage-missing-arg "\"\$SP_READ\" $IN/s0.h5 -o"

	# sp-stack
	for x in $good; do
		step stack-$x "\"\$SP_STACK\" -o calls.sps ../read-$x/out.sps"
	done
	for x in ranks-one ranks-list include include-exclude include-nothing \
	    batch several several-filtered; do
		step stack-$x "\"\$SP_STACK\" -o calls.sps ../read-$x/out.sps"
	done
	step stack-shards "cat ../read-shard-a/a.sps ../read-shard-b/b.sps \
	    ../read-shard-c/c.sps | \"\$SP_STACK\" -o calls.sps"
	step stack-not-shards "cat ../read-noshard-a/a.sps ../read-shard-b/b.sps |
	    \"\$SP_STACK\" -o calls.sps"
	step stack-concatenated "cat ../read-s0/out.sps ../read-rec/out.sps |
	    \"\$SP_STACK\" -o calls.sps"
	step stack-stdin "\"\$SP_STACK\" - <../read-s3/out.sps"
	step stack-stdout "\"\$SP_STACK\" ../read-rec/out.sps"
	step stack-already-stacked "\"\$SP_STACK\" -o calls.sps ../stack-s0/calls.sps"
	step stack-overlap "\"\$SP_READ\" -o in.sps $IN/overlap.h5 &&
	    \"\$SP_STACK\" -o calls.sps in.sps"
	step stack-order-file "\"\$SP_STACK\" -o calls.sps ../read-order-file-s3/out.sps"
	step stack-truncated "head -c 3000 ../read-s3/out.sps >cut.sps &&
	    \"\$SP_STACK\" -o calls.sps cut.sps"
	step stack-hdf5 "\"\$SP_STACK\" -o calls.sps $IN/s0.h5"
	step stack-empty-file ": >empty.sps && \"\$SP_STACK\" -o calls.sps empty.sps"
	step stack-dev-null "\"\$SP_STACK\" -o /dev/null ../read-s3/out.sps"
	step stack-usage-two "\"\$SP_STACK\" a.sps b.sps"
	step stack-usage-unknown "\"\$SP_STACK\" --bogus"

	# sp-json: documents of the interval streams, and their read back
	for x in $good; do
		step json-$x "\"\$SP_JSON\" -o doc.json ../read-$x/out.sps"
	done
	for x in s3 agg3 s1 s2 tricky fixed full big; do
		step json-gz-$x "\"\$SP_JSON\" -o doc.json.gz ../read-$x/out.sps"
		step read-json-$x "\"\$SP_READ\" -o out.sps ../json-$x/doc.json"
		step read-json-gz-$x "\"\$SP_READ\" -o out.sps ../json-gz-$x/doc.json.gz"
	done
	step read-json-order-file "\"\$SP_READ\" --order file -o out.sps ../json-s3/doc.json"
	step read-json-ranks "\"\$SP_READ\" -r 2 -x kernel -o out.sps ../json-gz-s3/doc.json.gz"
	step read-json-stdin "\"\$SP_READ\" -o out.sps - <../json-s2/doc.json"
	step read-json-mixed "\"\$SP_READ\" -o out.sps $IN/s0.h5 ../json-gz-agg3/doc.json.gz"
	for x in s3 agg3; do
		step stack-json-$x "\"\$SP_STACK\" -o calls.sps ../read-json-$x/out.sps"
	done
	step json-calls "\"\$SP_JSON\" -o doc.json ../stack-s3/calls.sps"
	step json-stdout "\"\$SP_JSON\" ../read-rec/out.sps"
	step json-indent "\"\$SP_JSON\" --indent 2 -o doc.json ../read-s2/out.sps"
	step json-indent-0 "\"\$SP_JSON\" --indent 0 -o doc.json ../read-fixed/out.sps"
	step json-level "\"\$SP_JSON\" --level 1 -o doc.json.gz ../read-s3/out.sps"
	step json-level-9 "\"\$SP_JSON\" --level 9 --indent 1 -o doc.json.gz ../read-agg3/out.sps"
	for x in s3 s2 agg3 unsorted big empty; do
		step json-order-file-$x \
		    "\"\$SP_JSON\" -o doc.json ../read-order-file-$x/out.sps"
	done
	step json-order-file-gz "\"\$SP_JSON\" -o doc.json.gz ../read-order-file-tricky/out.sps"
	step json-spill "\"\$SP_JSON\" -S 1k -v -o doc.json ../read-big/out.sps"
	step json-spill-dir "mkdir tmp && \"\$SP_JSON\" -S 10k -T tmp -o doc.json ../read-s3/out.sps"
	step json-verbose "\"\$SP_JSON\" -v -o doc.json ../read-s2/out.sps"
	step json-several "\"\$SP_JSON\" -o out/profile.json ../read-several/out.sps"
	step json-several-calls "\"\$SP_JSON\" -o profile.json.gz ../stack-several/calls.sps"
	step json-lines "\"\$SP_JSON\" --lines -o calls.ndjson ../read-s3/out.sps"
	step json-lines-calls "\"\$SP_JSON\" --lines -o calls.ndjson ../stack-s3/calls.sps"
	step json-lines-stdout "\"\$SP_JSON\" --lines ../stack-tricky/calls.sps"
	step json-lines-gz "\"\$SP_JSON\" --lines -o calls.ndjson.gz ../stack-several/calls.sps"
	step json-lines-order-file "\"\$SP_JSON\" --lines ../read-order-file-s2/out.sps"
	step json-directory-output "mkdir d && \"\$SP_JSON\" -o d ../read-s0/out.sps"

	# sp-pstats
	for x in $exported; do
		step pstats-$x "\"\$SP_PSTATS\" -o p.prof ../stack-$x/calls.sps"
	done
	step pstats-dir "\"\$SP_PSTATS\" -o out/ ../stack-s3/calls.sps"
	step pstats-names "\"\$SP_PSTATS\" -o deep/er/run.v2.pstats ../stack-s1/calls.sps &&
	    \"\$SP_PSTATS\" -o plain ../stack-s1/calls.sps"
	step pstats-stdout "\"\$SP_PSTATS\" -o - ../stack-$one/calls.sps"
	step pstats-stdin "\"\$SP_PSTATS\" -o p.prof - <../stack-s2/calls.sps"
	for x in s3 rec tricky several; do
		step pstats-no-call-paths-$x \
		    "\"\$SP_PSTATS\" --no-call-paths -o p.prof ../stack-$x/calls.sps"
	done
	step pstats-root "\"\$SP_PSTATS\" --root ROOT -o p.prof ../stack-s3/calls.sps"
	step pstats-no-root "\"\$SP_PSTATS\" --no-root -o p.prof ../stack-s3/calls.sps"
	step pstats-no-root-ncp \
	    "\"\$SP_PSTATS\" --no-root --no-call-paths -o p.prof ../stack-rec/calls.sps"
	step pstats-print "\"\$SP_PSTATS\" --print ../stack-s3/calls.sps"
	for k in cumulative tottime calls ncalls name; do
		step pstats-print-sort-$k \
		    "\"\$SP_PSTATS\" --print --sort $k ../stack-s2/calls.sps"
		step pstats-print-top-$k \
		    "\"\$SP_PSTATS\" --print --sort $k --top 5 ../stack-tricky/calls.sps"
	done
	step pstats-print-top-0 "\"\$SP_PSTATS\" --print --top 0 ../stack-s3/calls.sps"
	step pstats-print-several "\"\$SP_PSTATS\" --print ../stack-several/calls.sps"
	step pstats-print-ncp "\"\$SP_PSTATS\" --print --no-call-paths ../stack-rec/calls.sps"
	# the report's first line has the file's time: a fixed one
	step pstats-print-prof "cp ../pstats-s3/p_rank2.prof in.prof &&
	    touch -d '2026-01-02 03:04:05' in.prof &&
	    \"\$SP_PSTATS\" --print --sort tottime in.prof"
	step pstats-print-empty "\"\$SP_PSTATS\" --print ../stack-zero/calls.sps"
	step pstats-max-memory "\"\$SP_PSTATS\" --max-memory 2k -o p.prof ../stack-s3/calls.sps"

	# sp-speedscope
	for x in $exported; do
		step ss-$x "\"\$SP_SPEEDSCOPE\" -o p.speedscope.json ../stack-$x/calls.sps"
	done
	step ss-stdout "\"\$SP_SPEEDSCOPE\" ../stack-$one/calls.sps"
	step ss-stdin "\"\$SP_SPEEDSCOPE\" -o p.json - <../stack-rec/calls.sps"
	step ss-dir "\"\$SP_SPEEDSCOPE\" -o out/ ../stack-s3/calls.sps"
	step ss-unit-ns "\"\$SP_SPEEDSCOPE\" --unit ns -o p.json ../stack-s3/calls.sps"
	step ss-unit-s "\"\$SP_SPEEDSCOPE\" --unit s -o p.json ../stack-tricky/calls.sps"
	step ss-unit-ns-several "\"\$SP_SPEEDSCOPE\" --unit ns -o p.json ../stack-several/calls.sps"
	step ss-min-duration "\"\$SP_SPEEDSCOPE\" --min-duration 5us -o p.json ../stack-s3/calls.sps"
	step ss-min-duration-ns "\"\$SP_SPEEDSCOPE\" --min-duration 25000 --unit ns -o p.json ../stack-big/calls.sps"
	step ss-min-duration-ms "\"\$SP_SPEEDSCOPE\" --min-duration 0.01ms -o p.json ../stack-s2/calls.sps"
	step ss-min-duration-all "\"\$SP_SPEEDSCOPE\" --min-duration 1s -o p.json ../stack-s3/calls.sps"
	step ss-max-size "\"\$SP_SPEEDSCOPE\" --max-size 1k -o p.json ../stack-s3/calls.sps"
	step ss-max-size-0 "\"\$SP_SPEEDSCOPE\" --max-size 0 -o p.json ../stack-s1/calls.sps"
	step ss-max-size-unit "\"\$SP_SPEEDSCOPE\" --max-size 1.5MB -o p.json ../stack-big/calls.sps"
	step ss-name "\"\$SP_SPEEDSCOPE\" --name 'my \"run\"' -o p.json ../stack-several/calls.sps"
	step ss-usage-unit "\"\$SP_SPEEDSCOPE\" --unit ms ../stack-s0/calls.sps"
	step ss-usage-min-duration "\"\$SP_SPEEDSCOPE\" --min-duration 5xs ../stack-s0/calls.sps"

	# sp-flame
	for x in $exported; do
		step flame-$x "\"\$SP_FLAME\" -o f.svg ../stack-$x/calls.sps"
	done
	step flame-stdout "\"\$SP_FLAME\" ../stack-$one/calls.sps"
	step flame-stdin "\"\$SP_FLAME\" -o f.svg - <../stack-rec/calls.sps"
	for x in s3 rec tricky several; do
		step flame-interactive-$x \
		    "\"\$SP_FLAME\" --interactive -o f.svg ../stack-$x/calls.sps"
		step flame-folded-$x "\"\$SP_FLAME\" --folded -o f.txt ../stack-$x/calls.sps"
		step flame-folded-lanes-$x \
		    "\"\$SP_FLAME\" --folded --lanes -o f.txt ../stack-$x/calls.sps"
		step flame-no-call-paths-$x \
		    "\"\$SP_FLAME\" --no-call-paths -o f.svg ../stack-$x/calls.sps"
	done
	step flame-folded-stdout "\"\$SP_FLAME\" --folded ../stack-$one/calls.sps"
	step flame-folded-several-stdout "\"\$SP_FLAME\" --folded ../stack-s2/calls.sps"
	step flame-ncp-interactive \
	    "\"\$SP_FLAME\" --no-call-paths --interactive -o f.svg ../stack-s2/calls.sps"
	step flame-width "\"\$SP_FLAME\" --width 600 -o f.svg ../stack-s3/calls.sps"
	step flame-width-1 "\"\$SP_FLAME\" --width 1 -o f.svg ../stack-rec/calls.sps"
	step flame-threshold-0 "\"\$SP_FLAME\" --threshold 0 -o f.svg ../stack-s3/calls.sps"
	step flame-threshold "\"\$SP_FLAME\" --threshold 0.05 -o f.svg ../stack-s3/calls.sps"
	step flame-max-frames "\"\$SP_FLAME\" --max-frames 10 -o f.svg ../stack-s3/calls.sps"
	step flame-max-frames-0 "\"\$SP_FLAME\" --max-frames 0 --threshold 0 -o f.svg ../stack-big/calls.sps"
	step flame-gaps "\"\$SP_FLAME\" --gaps --max-frames 10 -o f.svg ../stack-s3/calls.sps"
	step flame-title "\"\$SP_FLAME\" --title 'a <b> & \"c\"' -o f.svg ../stack-s1/calls.sps"
	step flame-fixed-width "\"\$SP_FLAME\" --fixed-width -o f.svg ../stack-s2/calls.sps"
	step flame-all-options "\"\$SP_FLAME\" --interactive --fixed-width --width 800 \
	    --threshold 0.01 --max-frames 50 --title T --gaps -o f.svg ../stack-tricky/calls.sps"
	step flame-max-memory "\"\$SP_FLAME\" --max-memory 2k -o f.svg ../stack-s3/calls.sps"
	step flame-max-memory-folded "\"\$SP_FLAME\" --folded --max-memory 1k -o f.txt ../stack-s3/calls.sps"
	step flame-usage-width "\"\$SP_FLAME\" --width 0 ../stack-s0/calls.sps"
	step flame-usage-threshold "\"\$SP_FLAME\" --threshold 1 ../stack-s0/calls.sps"
	step flame-usage-lanes "\"\$SP_FLAME\" --lanes -o f.svg ../stack-s0/calls.sps"

	# every exporter on bad input, and each program's --help, --version
	step cut-calls "head -c 4000 ../stack-s3/calls.sps >cut.sps"
	for p in pstats speedscope flame json; do
		P="\"\$SP_$(echo $p | tr a-z A-Z)\""
		step $p-interval-stream "$P -o out.x ../read-s3/out.sps"
		step $p-truncated "$P -o out.x ../cut-calls/cut.sps"
		step $p-no-calls "$P -o out.x ../stack-include-nothing/calls.sps"
		step $p-several-stdout "$P -o - ../stack-several/calls.sps"
		step $p-dev-null "$P -o /dev/null ../stack-s3/calls.sps"
		step $p-dev-null-one "$P -o /dev/null ../stack-$one/calls.sps"
		step $p-missing "$P -o out.x missing.sps"
		step $p-garbage "$P -o out.x $IN/garbage.h5"
		step $p-directory "$P -o out.x $IN"
		step $p-usage-two "$P -o out.x a.sps b.sps"
		step $p-usage-unknown "$P --bogus"
	done
	step json-lines-truncated "\"\$SP_JSON\" --lines -o out.x ../cut-calls/cut.sps"
	step json-lines-dev-null "\"\$SP_JSON\" --lines -o /dev/null ../stack-s3/calls.sps"
	step pstats-print-truncated "\"\$SP_PSTATS\" --print ../cut-calls/cut.sps"
	step flame-folded-truncated "\"\$SP_FLAME\" --folded ../cut-calls/cut.sps"
	for p in read stack pstats speedscope flame json; do
		P="\"\$SP_$(echo $p | tr a-z A-Z)\""
		step $p-help "$P --help"
		step $p-version "$P --version"
	done
	if [ -n "$with_trace" ]; then
		trace_steps
	fi
	if [ -n "$with_scale" ]; then
		scale_steps
	fi
	stats_steps
	if [ -n "$with_diff" ]; then
		diff_steps
	fi
	if [ -n "$with_report" ]; then
		report_steps
	fi
}

# sp-report: a page of every call stream; two runs, a series; its options
# and errors.
report_steps() {
	R="\"\$SP_REPORT\""
	for x in $exported; do
		step report-$x "$R -o r.html ../stack-$x/calls.sps"
	done
	if [ -n "$with_diff" ]; then
		step report-two "$R -o r.html ../diff-two/calls.sps"
	fi
	if [ -n "$with_scale" ]; then
		step report-series "$R -o r.html ../scale-strong-calls/calls.sps"
	fi
	step report-stdout "$R ../stack-$one/calls.sps"
	step report-stdin "$R - <../stack-s1/calls.sps"
	step report-title "$R --title 'a <b> & \"c\" </script>' \
	    ../stack-tricky/calls.sps"
	step report-ranks "$R -r 0,2-3 ../stack-s3/calls.sps"
	step report-include "$R -i kernel -x 'io\$' ../stack-s3/calls.sps"
	step report-spill "$R -S 1k -T . ../stack-big/calls.sps"
	step report-usage-dir "$R -o out/ ../stack-s2/calls.sps"
	step report-dev-null "$R -o /dev/null ../stack-s3/calls.sps"
	step report-interval-stream "$R ../read-s3/out.sps"
	step report-truncated "$R -o out.html ../cut-calls/cut.sps"
	step report-no-calls "$R ../stack-include-nothing/calls.sps"
	step report-missing "$R missing.sps"
	step report-garbage "$R $IN/garbage.h5"
	step report-usage-two "$R a.sps b.sps"
	step report-usage-unknown "$R --bogus"
	step report-usage-size "$R -S 0 ../stack-s0/calls.sps"
	step report-help "$R --help"
	step report-version "$R --version"
}

# sp-diff: two runs (s3, s3b) in every format and by every key and
# metric; four runs; its options and errors.
diff_steps() {
	D="\"\$SP_DIFF\""
	two=../diff-two/calls.sps
	four=../diff-four/calls.sps
	step diff-two "\"\$SP_READ\" $IN/s3.h5 $IN/s3b.h5 |
	    \"\$SP_STACK\" -o calls.sps"
	step diff-four "\"\$SP_READ\" $IN/s3.h5 $IN/s3.h5 $IN/s3b.h5 \
	    $IN/s3b.h5 | \"\$SP_STACK\" -o calls.sps"
	for f in text json ndjson csv tsv markdown; do
		step diff-$f "$D --format $f $two"
		step diff-$f-paths "$D --format $f --call-paths $two"
		step diff-$f-rank "$D --format $f --by rank $two"
		step diff-$f-four "$D --format $f --before 2 $four"
	done
	for m in total avg min max p50 p95 p99 calls imbalance wall self \
	    slowest; do
		step diff-metric-$m "$D --metric $m --format json $two"
		step diff-metric-$m-four "$D --metric $m --before 2 $four"
	done
	step diff-paths-p95 "$D --call-paths --metric p95 $two"
	step diff-sort-pct "$D --sort pct $two"
	step diff-sort-name "$D --sort name --format csv $two"
	step diff-threshold "$D --threshold 5% $two"
	step diff-gate "$D --max-regression 5% $two"
	step diff-gate-md "$D --max-regression 5% --format markdown $two"
	step diff-gate-time "$D --max-regression 1ms --fail-on-new \
	    --format json $two"
	step diff-gate-four "$D --max-regression 0 --before 2 $four"
	step diff-alpha "$D --alpha 0.2 --metric avg $two"
	step diff-label "$D --before-label 's3b*' --format json $four"
	step diff-ranks "$D -r 1-2 $two"
	step diff-include "$D -i kernel -x 'io\$' $two"
	step diff-approx "$D --approx --metric p99 $two"
	step diff-spill "$D -S 1k -T . --metric p50 --format json $two"
	step diff-output "$D -o out.json $two"
	step diff-dir "$D --format markdown -o out/ $two"
	step diff-stdin "$D - <$two"
	step diff-one-run "$D ../stack-s3/calls.sps"
	step diff-several "$D ../stack-several/calls.sps"
	step diff-before-all "$D --before 4 $four"
	step diff-interval-stream "$D ../read-s3/out.sps"
	step diff-truncated "$D -o out.txt ../cut-calls/cut.sps"
	step diff-missing "$D missing.sps"
	step diff-usage-two "$D a.sps b.sps"
	step diff-usage-unknown "$D --bogus"
	step diff-usage-metric "$D --by rank --metric slowest $two"
	step diff-help "$D --help"
	step diff-version "$D --version"
}

# sp-scale: a strong and a weak series, each format and plot, the
# measures, the x fields, and the runs of another stream by label.
scale_steps() {
	C="\"\$SP_SCALE\""
	step scale-strong-calls "\"\$SP_READ\" $IN/strong/*.h5 |
	    \"\$SP_STACK\" -o calls.sps"
	step scale-weak-calls "\"\$SP_READ\" $IN/weak/*.h5 |
	    \"\$SP_STACK\" -o calls.sps"
	s=../scale-strong-calls/calls.sps w=../scale-weak-calls/calls.sps
	step scale "$C $s"
	for f in json ndjson csv tsv svg; do
		step scale-$f "$C --format $f $s"
	done
	for m in slowest mean-rank wall; do
		step scale-$m "$C --measure $m --format json $s"
	done
	step scale-weak "$C --weak --work work_per_rank $w"
	step scale-weak-svg "$C --weak --plot weak-efficiency --svg $w"
	step scale-plot-data "$C --plot efficiency --plot-data --format csv $s"
	step scale-plot-json "$C --plot-data --format json -i amdahl $s"
	step scale-cores "$C --x cores -r 0-1 $s"
	step scale-label "$C --x label ../stack-several/calls.sps"
	step scale-output "$C --svg -o out/ $s"
	step scale-one-run "$C ../stack-s3/calls.sps"
	step scale-help "$C --help"
	step scale-version "$C --version"
}

# sp-stats: the default table, its formats and views on every call
# stream; its options and errors.
stats_steps() {
	S="\"\$SP_STATS\""
	for x in $exported; do
		step stats-$x "$S ../stack-$x/calls.sps"
		step stats-$x-json "$S --format json ../stack-$x/calls.sps"
		step stats-$x-csv "$S --format csv ../stack-$x/calls.sps"
		step stats-$x-rank "$S --by rank ../stack-$x/calls.sps"
		step stats-$x-lane "$S --by lane ../stack-$x/calls.sps"
		step stats-$x-paths "$S --call-paths ../stack-$x/calls.sps"
		step stats-$x-approx "$S --approx ../stack-$x/calls.sps"
	done
	step stats-ndjson "$S --format ndjson ../stack-s3/calls.sps"
	step stats-tsv "$S --format tsv --by rank ../stack-s2/calls.sps"
	step stats-paths-json \
	    "$S --call-paths --format json ../stack-s3/calls.sps"
	step stats-lane-json \
	    "$S --by lane --format json ../stack-tricky/calls.sps"
	step stats-approx-json "$S --approx --format json ../stack-big/calls.sps"
	step stats-approx-fold "$S --approx -S 1k ../stack-big/calls.sps"
	step stats-spill "$S -S 1k -T . ../stack-big/calls.sps"
	step stats-spill-json "$S -S 1k -T . --format json ../stack-s3/calls.sps"
	step stats-sort "$S --sort total --top 3 ../stack-s3/calls.sps"
	step stats-sort-rank "$S --by rank --sort p95 ../stack-s2/calls.sps"
	step stats-max-depth "$S --max-depth 1 ../stack-big/calls.sps"
	step stats-columns \
	    "$S --columns name,calls,total,p50 ../stack-s1/calls.sps"
	step stats-percent "$S --percent exclusive ../stack-rec/calls.sps"
	step stats-no-notes "$S --no-notes --title T ../stack-s3/calls.sps"
	step stats-ranks "$S -r 1-2 ../stack-s3/calls.sps"
	step stats-include "$S -i kernel -x 'io\$' ../stack-s3/calls.sps"
	step stats-output-several "$S -o out.txt ../stack-several/calls.sps"
	step stats-output-several-json \
	    "$S --format json -o out.json ../stack-several/calls.sps"
	step stats-interval-stream "$S ../read-s3/out.sps"
	step stats-truncated "$S ../cut-calls/cut.sps"
	step stats-no-calls "$S ../stack-include-nothing/calls.sps"
	step stats-several-stdout "$S ../stack-several/calls.sps"
	step stats-missing "$S missing.sps"
	step stats-garbage "$S $IN/garbage.h5"
	step stats-usage-two "$S a.sps b.sps"
	step stats-usage-unknown "$S --bogus"
	step stats-usage-columns "$S --columns bogus ../stack-s0/calls.sps"
	step stats-help "$S --help"
	step stats-version "$S --version"
}

# sp-trace, both formats, on every call stream; its options and errors.
trace_steps() {
	for x in $exported; do
		step trace-$x "\"\$SP_TRACE\" -o t.pftrace ../stack-$x/calls.sps"
		step trace-$x-json "\"\$SP_TRACE\" -o t.json ../stack-$x/calls.sps"
	done
	step trace-stdout "\"\$SP_TRACE\" ../stack-$one/calls.sps"
	step trace-gz "\"\$SP_TRACE\" -o t.pftrace.gz ../stack-s3/calls.sps"
	step trace-json-gz "\"\$SP_TRACE\" -o t.json.gz ../stack-tricky/calls.sps"
	step trace-dir "\"\$SP_TRACE\" -o out/ ../stack-several/calls.sps"
	step trace-align-start "\"\$SP_TRACE\" --align start -o t.pftrace ../stack-s3/calls.sps"
	step trace-align-start-spill "\"\$SP_TRACE\" --align start -S 1 -T . -o t.json ../stack-big/calls.sps"
	step trace-align-region "\"\$SP_TRACE\" --align kernel -f json ../stack-s3/calls.sps"
	step trace-min-duration "\"\$SP_TRACE\" --min-duration 5us -o t.json ../stack-s3/calls.sps"
	step trace-min-duration-all "\"\$SP_TRACE\" --min-duration 1s -o t.pftrace ../stack-s3/calls.sps"
	step trace-no-args "\"\$SP_TRACE\" --no-args -o t.pftrace ../stack-full/calls.sps"
	step trace-max-size "\"\$SP_TRACE\" --max-size 1k -o t.pftrace ../stack-s3/calls.sps"
	step trace-intervals "\"\$SP_TRACE\" -o t.pftrace ../read-s3/out.sps"
	step trace-truncated "\"\$SP_TRACE\" -o t.pftrace ../cut-calls/cut.sps"
	step trace-usage "\"\$SP_TRACE\" --align= ../stack-s3/calls.sps"
	step trace-help "\"\$SP_TRACE\" --help"
	step trace-version "\"\$SP_TRACE\" --version"
}

for s in old new; do
	side=$work/$s
	mkdir "$side" "$side/.out" "$side/.tmp" || exit 2
	eval "bin=\$${s}_bin"
	for p in $programs; do
		v=$(echo "$p" | tr 'a-z-' 'A-Z_')
		eval "$v=\$bin/$p"
		export "$v"
	done
	TMPDIR=$side/.tmp LANG= LC_ALL=C TZ=UTC0 HOME=$side/.tmp
	export TMPDIR LANG LC_ALL TZ HOME
	steps
done
runs=$(wc -l <"$work/old/.steps")

# ---------------------------------------------------------------------
# The comparison

# norm FILE SIDE: FILE with the side's BIN_DIR and scratch directory as
# fixed words
norm() {
	eval "_bin=\$${2}_bin"
	awk -v a="$_bin" -v b="$work/$2" '
	function rep(s, x, y,    i, r) {
		r = ""
		while ((i = index(s, x)) > 0) {
			r = r substr(s, 1, i - 1) y
			s = substr(s, i + length(x))
		}
		return r s
	}
	{ print rep(rep($0, a, "BIN_DIR"), b, "SCRATCH") }' "$1"
}

n=0
ndiff=0
: >"$work/diffs"
differ() {
	ndiff=$((ndiff + 1))
	echo "DIFFERENT  $1"
	echo "  $1" >>"$work/diffs"
	if [ -n "${2:-}" ]; then
		echo "$2" | sed 's/^/      /' | tee -a "$work/diffs"
	fi
}
same() {
	echo "identical  $1"
}
if ! cmp -s "$work/old/.steps" "$work/new/.steps"; then
	echo "$prog: the two sides did not run the same steps" >&2
	exit 2
fi
while read -r name; do
	o=$work/old/.out/$name
	w=$work/new/.out/$name
	norm "$o.stderr" old >"$work/stderr.old"
	norm "$w.stderr" new >"$work/stderr.new"
	for k in stdout stderr exit; do
		n=$((n + 1))
		a=$o.$k b=$w.$k
		if [ $k = stderr ]; then
			a=$work/stderr.old b=$work/stderr.new
		fi
		if cmp -s "$a" "$b"; then
			same "$name: $k"
		elif [ $k = stdout ]; then
			differ "$name: $k" "$(cmp "$a" "$b" 2>&1 | sed "s|$work/||g")"
		else
			differ "$name: $k" "$(diff "$a" "$b" | head -6)"
		fi
	done
	(cd "$work/old/$name" && find . -mindepth 1 | sort) >"$work/a"
	(cd "$work/new/$name" && find . -mindepth 1 | sort) >"$work/b"
	n=$((n + 1))
	if cmp -s "$work/a" "$work/b"; then
		same "$name: the files created ($(wc -l <"$work/a"))"
	else
		differ "$name: the files created" \
		    "$(diff "$work/a" "$work/b" | grep '^[<>]' |
		    sed 's/^</only old:/; s/^>/only new:/' | head -6)"
	fi
	while read -r f; do
		[ -f "$work/old/$name/$f" ] && [ -f "$work/new/$name/$f" ] ||
			continue
		n=$((n + 1))
		f=${f#./}
		if cmp -s "$work/old/$name/$f" "$work/new/$name/$f"; then
			same "$name: $f"
		else
			differ "$name: $f" "$(cmp "$work/old/$name/$f" \
			    "$work/new/$name/$f" 2>&1 | sed "s|$work/||g")"
		fi
	done <"$work/a"
done <"$work/old/.steps"

secs=$(($(date +%s) - started))
echo
echo "old: $old_bin"
echo "new: $new_bin"
echo "$runs steps per side, $secs s"
if [ "$ndiff" -eq 0 ]; then
	echo "$n outputs compared: all identical"
	exit 0
fi
echo "$n outputs compared, $ndiff differ:"
cat "$work/diffs"
exit 1
