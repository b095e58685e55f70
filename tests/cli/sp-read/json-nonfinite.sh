#!/bin/sh
# NaN, Infinity and -Infinity as Python's json.dumps writes them, in a
# profile without sp-json's extension keys: metadata (also where the
# words cross the reader's 256 KiB chunks), per-call event metadata kept
# as its text, LIKWID metrics and line-profile times as floats.  Inside
# strings the words are text.  Elsewhere they are refused: in a call
# column, and misspelled or glued to other characters.
"$PYTHON" - <<'EOF2'
head = ('{"format": "scope-profiler-profile", "format_version": 1, '
        '"num_ranks": 1, "metadata": {')
tail = ('"regions": [{"name": "solve", "rank": 0, "start_times_ns": [0, 10], '
        '"end_times_ns": [5, 15], "event_metadata": [{"x": NaN, "s": "NaN"}, '
        '{"y":-Infinity,"z":[Infinity]}]}], '
        '"likwid": {"0": {"solve": {"tag": "solve", "group_name": "CLOCK", '
        '"cpus": [0, 1], "times": [0.5, NaN], "call_counts": [1, 1], '
        '"event_names": ["CYC"], "events": [[1.0, 2.0]], "metric_names": ["CPI"], '
        '"metrics": [[NaN, -Infinity]], "source": "marker_api"}}}, '
        '"line_profile": {"0": [{"region": "solve", "filename": "a.py", '
        '"function": "f", "first_lineno": 1, "line_numbers": [1], "hits": [1], '
        '"times": [Infinity], "unit": 1e-09}]}}')
meta = ('"a": NaN, "b": Infinity, "c": -Infinity, "l": [NaN,Infinity,-Infinity], '
        '"s": "NaN", "t": "x\\" NaN, Infinity \\"", "u": "\\\\", "v": null}, ')
open("small.json", "w").write(head + meta + tail)
# the words astride the chunk boundary at 262144, at every offset
pad = 262144 - len(head) - len('"p": "') - 24
for k in range(24):
    body = head + '"p": "' + "a" * (pad + k) + '", "n": NaN, "i": -Infinity}, ' + tail
    open("big%d.json" % k, "w").write(body)
bad = {
    "column": '"regions": [{"name": "s", "rank": 0, "start_times_ns": [NaN], "end_times_ns": [1]}]}',
    "minus-nan": '"metadata": {"a": -NaN}, "regions": []}',
    "glued": '"metadata": {"a": NaNa}, "regions": []}',
    "lower": '"metadata": {"a": nan}, "regions": []}',
    "digits": '"metadata": {"a": 1NaN}, "regions": []}',
}
for name, rest in bad.items():
    open(name + ".json", "w").write(head[:-len('"metadata": {')] + rest)
EOF2
"$SP_READ" small.json >small.sps || exit
$SP_ITEMS small.sps | grep -E '^\["(run|rank|side)"' | cut -c1-700
"$SP_READ" big*.json | $SP_ITEMS | grep '^\["run"' |
    sed 's/.*"n": \(.*\)}\]$/\1/' | sort | uniq -c
for f in column minus-nan glued lower digits; do
	"$SP_READ" $f.json >/dev/null
	echo "exit $?"
done
