#!/bin/sh
# make-seeds.sh [BUILDDIR] - regenerate the seed corpora of the fuzz
# targets, tests/fuzz/corpus/<target>/, with the project's own generator
# (tests/gen/spgen.py, Debian's /usr/bin/python3 with h5py) and programs
# (BUILDDIR/cmd/sp-*, default build).  The output depends only on the
# sources: run it again after a format change and commit the result.
#
# Files named gen-* (generated) and edge-* (hand-made edge cases) are
# rewritten; crash-* files (inputs that once crashed a target, kept as
# regression tests) and any others are left alone.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${1:-build}
case $B in /*) ;; *) B=$top/$B ;; esac
for p in sp-read sp-stack sp-json sp-pstats; do
	if [ ! -x "$B/cmd/$p" ]; then
		echo "make-seeds: $B/cmd/$p: not built (ninja -C $B)" >&2
		exit 1
	fi
done
PY=/usr/bin/python3
G="$PY $top/tests/gen/spgen.py"
EX=$top/tests/gen/examples
C=$top/tests/fuzz/corpus
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
# relative names: a stream records the path it was read from
cd "$T"
export LC_ALL=C

mkdir -p "$C/stream" "$C/h5" "$C/json" "$C/marshal" "$C/spt" "$C/export" \
    "$C/read" "$C/options"
rm -f "$C"/*/gen-* "$C"/*/edge-*

# --- HDF5 profiles: every layout, small --------------------------------
for s in minimal aggregate all-features fixture-like-1 fixture-like-2 \
    fixture-like-3; do
	$G spec "$EX/$s.json" "spec-$s.h5"
done
for sc in 0 1 2 3; do
	$G synth --schema $sc --ranks 2 --calls 12 --seed $sc "synth-s$sc.h5"
done
$G synth --ranks 2 --calls 8 --threads 2 --tasks 2 --gpu --call-ids \
    --exclusive --summary --extras --metadata full --seed 4 "synth-full.h5"
$G synth --ranks 1 --calls 16 --shape random --regions 5 --names tricky \
    --strings fixed --seed 5 "synth-fixed.h5"
$G synth --ranks 1 --calls 16 --strings ascii --storage shuffle-gzip \
    --chunk 4 --seed 6 "synth-ascii.h5"
$G synth --ranks 2 --calls 16 --layout aggregate --summary --seed 7 \
    "synth-aggregate.h5"
$G synth --ranks 1 --calls 16 --unsorted --overlap --storage chunked \
    --chunk 4 --seed 8 "synth-unsorted.h5"
$G synth --schema 1 --ranks 2 --calls 12 --storage gzip --chunk 4 \
    --seed 9 "synth-s1-gzip.h5"
# small files with lane tables, extra columns and side groups (a synth
# file with all of them is some 100 KiB)
$G spec - "spec-lanes.h5" <<'JSON'
{"schema": 3, "call_ids": true, "event_metadata": true,
 "ranks": {"0": [
   {"name": "main", "starts": [0], "ends": [100], "thread_ids": [0],
    "gpu_durations": [-1], "source_file": "app.py", "source_lineno": 3,
    "source_text": "with region('main'):", "tags": ["top"]},
   {"name": "work", "starts": [10, 20], "ends": [15, 40], "thread_ids": [1, 1],
    "task_ids": [0, 0], "await_ns": [2, 0], "event_metadata": [{"i": 0}, {}]}]},
 "thread_table": [{"rank": 0, "name": "MainThread"},
                  {"rank": 0, "name": "w", "daemon": 1}],
 "task_table": [{"rank": 0, "name": "T", "coro_name": "c", "thread_index": 1}]}
JSON
$G spec - "spec-s2-lanes.h5" <<'JSON'
{"schema": 2, "exclusive_totals": true, "summary_statistics": true,
 "ranks": {"0": [["a", [0, 5], [10, 8], {"thread_ids": [0, 1]}]],
           "2": [["b", [1], [2]]]},
 "thread_table": [{"rank": 0, "name": "M"}, {"rank": 0, "name": "x"}]}
JSON
$G spec - "spec-likwid.h5" <<'JSON'
{"schema": 3, "ranks": {"0": [["solve", [0], [10]]]},
 "likwid": {"0": {"env": {"LIKWID_MODE": "1"}, "regions": [
   {"tag": "solve", "group_id": 0, "group_name": "CLOCK", "source": "marker_api",
    "event_names": ["INSTR"], "counter_names": ["FIXC0"], "metric_names": ["CPI"],
    "cpus": [0], "times": [0.5], "call_counts": [2],
    "events": [[1e9]], "metrics": [[NaN]]}]}}}
JSON
$G spec - "spec-line-perf.h5" <<'JSON'
{"schema": 3, "ranks": {"0": [["solve", [0], [10]]]},
 "line_profile": {"0": [
   {"region": "solve", "filename": "app.py", "function": "step",
    "first_lineno": 10, "unit": 1e-9, "line_numbers": [11], "hits": [3],
    "times": [150.0], "source": "def step():\n    a = 1",
    "source_first_lineno": 10}]},
 "perf_events": {"0": {"solve": {"calls": 1, "values": {"cycles": 12}}}}}
JSON
$G synth --schema 0 --ranks 1 --calls 4 --seed 10 "synth-s0-small.h5"
$G synth --schema 1 --ranks 1 --calls 4 --seed 11 "synth-s1-small.h5"
for k in $($G broken --list | awk '{ print $1 }'); do
	case $k in empty|garbage) continue ;; esac  # edge cases below
	$G broken "$k" "broken-$k.h5"
done
for f in *.h5; do
	b=$(basename "$f" .h5)
	# only small files (HDF5's fixed structures make even a file of
	# a few calls 15 to 26 KiB): the fuzzer mutates every byte
	if [ "$(wc -c <"$f")" -le 32768 ]; then
		cp "$f" "$C/h5/gen-$b.h5"
	fi
done

# --- streams: sp-read (time and file order) and sp-stack ---------------
R=$B/cmd/sp-read
S=$B/cmd/sp-stack
for b in spec-minimal spec-all-features spec-fixture-like-1 synth-s1 \
    synth-s3 synth-full synth-fixed synth-aggregate synth-unsorted; do
	"$R" "$b.h5" >"$b.sps"
	"$R" --order file "$b.h5" >"$b.file.sps"
	cp "$b.sps" "$C/stream/gen-read-$b.sps"
	cp "$b.file.sps" "$C/stream/gen-read-file-$b.sps"
	# partial overlaps do not stack: such a file gives no call stream
	if "$S" "$b.sps" >"$b.calls.sps" 2>/dev/null; then
		cp "$b.calls.sps" "$C/stream/gen-stack-$b.sps"
	fi
done
"$R" --batch 3 -r 1 "synth-s3.h5" >"$C/stream/gen-read-batch3.sps"
"$R" -x 'inner' "spec-minimal.h5" "synth-s2.h5" \
    >"$C/stream/gen-read-two-runs.sps"
"$S" "$C/stream/gen-read-batch3.sps" >"$C/stream/gen-stack-batch3.sps"
cat "spec-minimal.sps" "synth-s3.sps" >"$C/stream/gen-concat.sps"
head -c 200 "synth-s3.sps" >"$C/stream/gen-truncated.sps"

# --- JSON profiles: sp-json, plain and gzip ----------------------------
J=$B/cmd/sp-json
for b in spec-minimal spec-aggregate spec-all-features spec-fixture-like-2 \
    synth-s0 synth-full synth-fixed synth-aggregate; do
	"$R" --order file "$b.h5" | "$J" -o "$b.json"
	cp "$b.json" "$C/json/gen-$b.json"
done
for b in spec-minimal spec-all-features synth-full; do
	"$R" --order file "$b.h5" | "$J" --level 9 -o "$b.json.gz"
	cp "$b.json.gz" "$C/json/gen-$b.json.gz"
done
"$R" --order file "spec-minimal.h5" | "$J" --indent 2 \
    -o "$C/json/gen-indent-spec-minimal.json"
"$S" "synth-s3.sps" | "$J" -o "$C/json/gen-calls-synth-s3.json"

# --- native traces: both versions and byte orders, damaged ones ---------
for v in 1 2; do
	for o in little big; do
		$G spt-synth --ranks 1 --calls 10 --regions 3 --version $v \
		    --byteorder $o --seed $v "$C/spt/gen-synth-v$v-$o.spt"
	done
done
for k in $($G spt-broken --list | awk '{ print $1 }'); do
	$G spt-broken "$k" "$C/spt/gen-broken-$k.spt"
done

# --- .prof files: sp-pstats -------------------------------------------
P=$B/cmd/sp-pstats
for b in spec-minimal spec-all-features synth-full synth-fixed; do
	"$P" -o "prof/$b.prof" "$b.calls.sps"
	"$P" --no-call-paths --no-root -o "prof/flat-$b.prof" \
	    "$b.calls.sps"
done
for f in prof/*.prof; do
	cp "$f" "$C/marshal/gen-$(basename "$f")"
done

# --- export: four bytes of choices (fuzz-export.c), a call stream ------
# the exporter (0 stats, 1 trace, 2 flame, 3 json, 4 ndjson, 5 speedscope,
# 6 pstats, 7 scale, 8 diff, 9 report), two bytes of its options, and the
# place of the outputs (0 standard output, 1 DIR/out, 2 DIR, 3 DIR/out.gz)
configs="00000001 00230000 00411b02 008a8001 000a0001 002d4000 01000001
01030503 01950000 02000001 02010001 020e0f02 02070000 02140e01 03010001
03040003 04000000 04040803 05050001 05080000 06000001 06010000 06734000
07000001 07130001 07854002 07a66000 07030a03
08000001 08010000 08220902 08253000 0805c203 08c30001 08421c00 084e0900
09000001 09070000 09580002 09350003 097f0001 09800001"
prefix() {
	h=$1
	: >"$3"
	while [ -n "$h" ]; do
		rest=${h#??}
		printf "\\$(printf '%03o' "0x${h%"$rest"}")" >>"$3"
		h=$rest
	done
	cat "$2" >>"$3"
}
spec_calls() {	# NAME: the call stream of spec NAME.json on stdin
	$G spec - "$1.h5"
	"$R" "$1.h5" | "$S" >"$1.calls"
}
"$S" "spec-minimal.sps" >"x-minimal.calls"
"$R" "spec-lanes.h5" | "$S" >"x-lanes.calls"
"$R" "spec-minimal.h5" "synth-s0-small.h5" | "$S" >"x-two-runs.calls"
spec_calls x-empty-name <<'JSON'
{"schema": 3, "ranks": {"0": [["", [0, 30], [100, 60]], ["inner", [10], [20]]],
                        "1": [["", [5], [6]]]}}
JSON
# times at both ends of int64: a run spans 2^63 - 1 ns at most, so one
# run near each end (two runs in one stream)
spec_calls x-extreme-low <<'JSON'
{"schema": 3, "ranks": {"0": [["low", [-9223372036854775800], [-9223372036854775700]],
  ["in", [-9223372036854775790], [-9223372036854775710]]]}}
JSON
spec_calls x-extreme-high <<'JSON'
{"schema": 3, "ranks": {"0": [["high", [9223372036854775000], [9223372036854775800]],
  ["in", [9223372036854775100], [9223372036854775200]]]}}
JSON
cat "x-extreme-low.calls" "x-extreme-high.calls" >"x-extreme.calls"
# damaged: cut short, and a byte flipped in the middle
n=$(wc -c <"x-two-runs.calls")
head -c $((n - 9)) "x-two-runs.calls" >"x-truncated.calls"
$PY - "x-minimal.calls" "x-flipped.calls" <<'PYEOF2'
import sys
b = bytearray(open(sys.argv[1], "rb").read())
b[len(b) // 2] ^= 0x5a
open(sys.argv[2], "wb").write(bytes(b))
PYEOF2
for s in minimal two-runs truncated flipped; do
	for c in $configs; do
		prefix "$c" "x-$s.calls" "$C/export/gen-$s-$c"
	done
done
for c in $configs; do
	prefix "$c" "x-empty-name.calls" "$C/export/gen-empty-name-$c"
	prefix "$c" "x-extreme.calls" "$C/export/gen-extreme-$c"
done
# a series of one rank and two, for sp-scale and sp-report
spec_calls x-two-ranks <<'JSON'
{"schema": 3, "metadata": {"mpi_size": 2, "label": "two"},
 "ranks": {"0": [["outer", [0], [60]], ["inner", [10], [30]]],
           "1": [["outer", [0], [50]], ["inner", [10], [20]], ["w", [55], [58]]]}}
JSON
"$R" "spec-minimal.h5" "x-two-ranks.h5" | "$S" >"x-series.calls"
for c in 07000001 07130001 07854002 07a66000 07030a03 07c01202 09000001 \
    09580002 097f0001 09800001; do
	prefix "$c" "x-series.calls" "$C/export/gen-series-$c"
done
for c in 000a0001 02070000 05050001 03010001; do
	prefix "$c" "x-lanes.calls" "$C/export/gen-lanes-$c"
done
for c in 00000001 01010001 020e0f02 06010000; do
	prefix "$c" "synth-aggregate.calls.sps" "$C/export/gen-aggregate-$c"
	prefix "$c" "spec-all-features.calls.sps" "$C/export/gen-all-features-$c"
done

# --- hand-made edge cases ----------------------------------------------
# streams: nothing, the self-describe tag alone, a tag and junk
: >"$C/stream/edge-empty"
printf '\331\331\367' >"$C/stream/edge-tag-only"
printf '\331\331\367\202\001\240' >"$C/stream/edge-header-empty-map"
# h5: nothing, the signature alone, a signature and zeros
: >"$C/h5/edge-empty"
printf '\211HDF\r\n\032\n' >"$C/h5/edge-signature"
{ printf '\211HDF\r\n\032\n'; head -c 504 /dev/zero; } >"$C/h5/edge-signature-zeros"
# JSON: empty, small documents, gzip of one, deep nesting
: >"$C/json/edge-empty"
printf '{}' >"$C/json/edge-empty-object"
printf '{"format_version": 1}' >"$C/json/edge-version-only"
printf '{"format_version": 2, "ranks": {}}' >"$C/json/edge-version-2"
printf '{"format_version": 1, "metadata": {}, "regions": {}, "ranks": {"0": {}}}' \
    >"$C/json/edge-empty-rank"
printf '{"format_version": 1}' | gzip -9n >"$C/json/edge-version-only.gz"
$PY -c 'import sys; sys.stdout.write("{\"metadata\": " + "[" * 2000 + "]" * 2000 + "}")' \
    >"$C/json/edge-deep"
# lone surrogates, high and low, one before a \u escape, and \u0000
printf '%s' '{"format": "scope-profiler-profile", "format_version": 1, "metadata": {"k": "a\udc00b\ud800\u0041\u0000"}, "regions": [{"name": "sol\ud800ve", "rank": 0, "start_times_ns": [1], "end_times_ns": [2]}]}' \
    >"$C/json/edge-lone-surrogates"
# spt: nothing, the magic alone, a header of no regions
: >"$C/spt/edge-empty"
printf 'SCOPEPRF' >"$C/spt/edge-magic"
{ printf 'SCOPEPRF\002\000\000\000\000\000\000\000'; head -c 8 /dev/zero; } \
    >"$C/spt/edge-header"
# marshal: nothing, an empty dict, and pstats dicts as Python's marshal
# writes them at every version (refs, short forms, floats as text)
: >"$C/marshal/edge-empty"
printf '{0' >"$C/marshal/edge-empty-dict"
$PY - "$C/marshal" <<'PYEOF'
import marshal, os, sys
out = sys.argv[1]
k1 = ("a.py", 1, "f")
k2 = ("a.py", 2, "g")
k3 = ("~", 0, "<built-in method x>")
d = {
    k1: (1, 1, 0.5, 1.5, {}),
    k2: (3, 4, 0.25, 1.0, {k1: (3, 4, 0.25, 1.0)}),
    k3: (2, 2, 1e-9, 2e-9, {k2: 2}),       # profile's bare counts
    ("b\u00e9.py", 2**40, "h\u2603"): (2**31, 2**70, 1.0, 2.0, {}),
}
for v in range(5):
    with open(os.path.join(out, "edge-dict-v%d.prof" % v), "wb") as f:
        f.write(marshal.dumps(d, v))
PYEOF
# --- read: two bytes of options (fuzz-read.c), then files, each a byte
# naming it (0 .h5, 1 .json, 2 .json.gz, 3 .spt, 4 no suffix, 5 a rank
# file in a directory, 6 absent, 7 .txt) and its content, separated
SEP=SP-FUZZ-FILE
rfile() {	# KIND FILE: a file of the input
	printf "\\$(printf '%03o' "$1")"
	cat "$2"
}
$G spt-synth --ranks 1 --calls 6 --regions 2 --version 2 --seed 1 r0.spt
$G spt-synth --ranks 1 --calls 6 --regions 2 --version 1 --seed 2 r1.spt
"$R" --order file spec-minimal.h5 | "$J" -o mini.json
"$R" --order file spec-minimal.h5 | "$J" -o mini.json.gz
{ printf '\000\000'; rfile 1 mini.json; } >"$C/read/gen-json"
{ printf '\001\001'; rfile 4 mini.json; printf $SEP; rfile 3 r0.spt; } \
    >"$C/read/gen-sniff-json-spt"
{ printf '\002\002'; rfile 5 r0.spt; printf $SEP; rfile 3 r1.spt; } \
    >"$C/read/gen-spt-dir-and-file"
{ printf '\036\003'; rfile 2 mini.json.gz; } >"$C/read/gen-json-gz-filters"
{ printf '\201\014'; rfile 1 mini.json; printf $SEP; rfile 1 mini.json; } \
    >"$C/read/gen-two-runs-window-inside"
{ printf '\000\004'; rfile 6 /dev/null; printf $SEP; rfile 1 mini.json; } \
    >"$C/read/gen-absent"
{ printf '\100\005'; rfile 7 mini.json; } >"$C/read/gen-txt-name"
{ printf '\040\006'; rfile 0 "$C/h5/gen-broken-not-hdf5.h5"; printf $SEP;
    rfile 3 r0.spt; } >"$C/read/gen-h5-shard-window"
{ printf '\003\001'; rfile 0 "$C/h5/gen-spec-fixture-like-1.h5"; } \
    >"$C/read/gen-h5-file-order-window"
{ printf '\000\000'; rfile 1 "$C/json/edge-lone-surrogates"; } \
    >"$C/read/gen-lone-surrogates"
printf '\000\000' >"$C/read/edge-no-file"
{ printf '\000\000'; rfile 3 /dev/null; } >"$C/read/edge-empty-spt"

# --- options: a byte choosing the parser (fuzz-options.c), values at NULs
opts() {	# NAME BYTE VALUE...: one input
	n=$1 b=$2
	shift 2
	{ printf "\\$(printf '%03o' "$b")"; printf '%s\000' "$@"; } \
	    >"$C/options/gen-$n"
}
opts include 0 's' 'w' 'solver' 'work' '' 'sol\u00e9' "$(printf 'a\377b')"
opts exclude 1 'a\Z' 'b{,2}' 'ab' 'b' 'a' '(?P<x>a)(?P=x)' 'aa'
opts bad-pattern 0 '(' '[z-a]' 'x'
opts ranks 2 '0,2,5-7' '3-1' ' 9 - 11 , 4294967295' 'x' '-1' '4294967296'
opts ranks-all 2 'all' '1'
opts window 3 '5ns:50ns'
opts window-abs 3 '@-5:@40'
opts window-mixed 3 '-1s:@20'
opts window-big 3 '0:9223372036854775807ns'
opts window-open 4 '100ms:'
opts window-bad 3 '2.5s:1s'
opts values 5 '250000' '1.5ms' '0.002s' '9223372036854775807' \
    '9223372036854775808' '400M' '400MB' '1G' '0' '-1' '1e3s' ''

echo "make-seeds: $(find "$C" -type f | wc -l) files, $(du -sb "$C" | cut -f1) bytes in $C"
