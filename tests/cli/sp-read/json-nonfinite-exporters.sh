#!/bin/sh
# A JSON profile with NaN, Infinity and -Infinity in its metadata (its
# start_time_ns too) and per-call event metadata goes through sp-stack
# to every exporter.  What must be strict JSON (speedscope, sp-stats
# json and ndjson, Chrome trace JSON with the event metadata as slice
# arguments) holds null for them; sp-json writes them back as json.dumps
# does.
cat >in.json <<'EOF2'
{"format": "scope-profiler-profile", "format_version": 1, "num_ranks": 1,
 "metadata": {"mpi_size": 1, "start_time_ns": Infinity, "nan": NaN, "ninf": -Infinity, "label": "NaN"},
 "regions": [
  {"name": "main", "rank": 0, "start_times_ns": [0], "end_times_ns": [100]},
  {"name": "solve", "rank": 0, "start_times_ns": [10, 40], "end_times_ns": [30, 90],
   "event_metadata": [{"res": NaN}, {"res": -Infinity, "note": "Infinity"}]}]}
EOF2
"$SP_READ" in.json | "$SP_STACK" >calls.sps || exit
strict='import json, sys
def no(c):
    raise ValueError("not strict JSON: " + c)
for f in sys.argv[1:]:
    t = open(f).read()
    docs = t.splitlines() if f.endswith(".ndjson") else [t]
    for d in docs:
        json.loads(d, parse_constant=no)
    print(f + ": strict JSON")'
"$SP_PSTATS" calls.sps -o p && "$PYTHON" -c 'import pstats, sys
s = pstats.Stats(sys.argv[1])
print("pstats:", sorted(k[2] for k in s.stats))' p_rank0.prof
"$SP_SPEEDSCOPE" calls.sps -o s.json && "$PYTHON" -c "$strict" s.json
"$SP_FLAME" calls.sps -o f && "$PYTHON" -c 'import sys, xml.dom.minidom
xml.dom.minidom.parse(sys.argv[1]); print(sys.argv[1] + ": XML")' f_rank0.svg
"$SP_STATS" calls.sps | head -3
"$SP_STATS" --format json calls.sps >st.json && "$PYTHON" -c "$strict" st.json
"$SP_STATS" --format ndjson calls.sps >st.ndjson && "$PYTHON" -c "$strict" st.ndjson
"$SP_TRACE" -f json calls.sps -o t.json && "$PYTHON" -c "$strict" t.json
grep -o '"metadata":{"res":[^}]*}' t.json
"$SP_TRACE" calls.sps -o t.pftrace && test -s t.pftrace && echo "t.pftrace: written"
"$SP_JSON" calls.sps | "$PYTHON" -c 'import json, sys
d = json.load(sys.stdin)
print("sp-json metadata:", json.dumps(d["metadata"]))
print("sp-json event_metadata_json:", d["regions"][1]["event_metadata_json"])'
