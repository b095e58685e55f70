#!/bin/sh
# doc/exports.md, "Metadata values" and "Side data": non-finite floats are
# written as null: in metadata and in LIKWID metrics; the finite ones keep
# Python's repr.
$SPGEN spec - in.h5 <<'EOF2'
{"metadata": {"nan": NaN, "inf": Infinity, "ok": 0.1, "mpi_size": 1},
 "ranks": {"0": [["solve", [0], [10]]]},
 "likwid": {"0": {"env": {"LIKWID_MODE": "1"}, "regions": [
   {"tag": "solve", "group_name": "CLOCK", "event_names": ["CYC"], "counter_names": ["FIXC1"],
    "metric_names": ["CPI", "IPC"], "cpus": [0, 1], "times": [0.5, 1e-7], "call_counts": [1, 1],
    "events": [[1000.0, 2000.0]], "metrics": [[NaN, Infinity], [-Infinity, 1.5]]}]}}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" >doc.json || exit
"$PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(json.dumps(d["metadata"]))
print(json.dumps(d["likwid"]))' doc.json
