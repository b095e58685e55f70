#!/bin/sh
# A JSON profile may hold NaN, Infinity and -Infinity, as Python's
# json.dumps writes a float that is not finite (and json.loads reads it):
# here in the metadata, nested in a list too, in per-call event metadata
# and in LIKWID metrics.  sp-read reads them and sp-json writes the
# document again byte for byte, plain and indented.  The string "NaN"
# stays a string.  The document is sp-json's own of a generated profile,
# with metadata values changed into the words.
$SPGEN spec - in.h5 <<'EOF2'
{"metadata": {"m_nan": 1.25, "m_inf": 2.5, "m_ninf": -3.5, "m_list": [1.75, 4.5],
  "text": "NaN", "words": "[NaN, Infinity, -Infinity]", "mpi_size": 1},
 "ranks": {"0": [["solve", [0, 10], [5, 15], {"event_metadata":
   [{"x": NaN, "s": "NaN"}, {"y": -Infinity, "z": Infinity}]}],
                 ["io", [20], [25]]]},
 "likwid": {"0": {"env": {"LIKWID_MODE": "1"}, "regions": [
   {"tag": "solve", "group_name": "CLOCK", "event_names": ["CYC"], "counter_names": ["FIXC1"],
    "metric_names": ["CPI"], "cpus": [0, 1], "times": [0.5, 1e-7], "call_counts": [1, 1],
    "events": [[1000.0, 2000.0]], "metrics": [[NaN, -Infinity]]}]}}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" -o h.json || exit
sed -e 's/"m_nan": 1.25/"m_nan": NaN/' -e 's/"m_inf": 2.5/"m_inf": Infinity/' \
    -e 's/"m_ninf": -3.5/"m_ninf": -Infinity/' -e 's/\[1.75, 4.5\]/[NaN, 4.5]/' \
    h.json >doc.json
"$PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print("metadata:", json.dumps(d["metadata"], sort_keys=True))
r = d["regions"][0]
print("event_metadata:", json.dumps(r["event_metadata"]))
print("event_metadata_json:", r["event_metadata_json"])
print("likwid metrics:", json.dumps(d["likwid"]["0"]["solve"]["metrics"]))' doc.json
"$SP_READ" doc.json | "$SP_JSON" -o again.json || exit
cmp doc.json again.json && echo "json -> json: same bytes"
"$SP_READ" doc.json | "$SP_JSON" --indent 2 -o in2.json || exit
"$SP_READ" in2.json | "$SP_JSON" --indent 2 -o again2.json || exit
cmp in2.json again2.json && echo "indented: same bytes"
grep -c '"m_nan": NaN' in2.json
