#!/bin/sh
# doc/exports.md, "Rows", against the HDF5 file itself: the document's rows are
# what scope-profiler's build_json_document makes of the file, computed
# here with h5py from doc/formats.md ("Schema 2" to "Lanes"): regions in
# region-table order, ranks ascending, calls in row order, each optional key
# present exactly when scope-profiler writes it (GPU times only when a call has
# one, event metadata only when a call has some, exclusive totals only when
# stored), for schema 2 and 3 files with every optional column.
for schema in 2 3; do
	$SPGEN synth --calls 200 --ranks 2 --extras --threads 2 --tasks 2 \
	    --gpu --call-ids --summary --exclusive --schema $schema \
	    --seed $schema in$schema.h5 || exit
	"$SP_READ" in$schema.h5 | "$SP_JSON" >doc$schema.json || exit
	"${SPGEN_PYTHON:-/usr/bin/python3}" - in$schema.h5 doc$schema.json <<'EOF2' || exit
import json, sys
import h5py, numpy as np

f = h5py.File(sys.argv[1], "r")
doc = json.load(open(sys.argv[2]))
schema = int(f.attrs["scope_profiler_schema"])

def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)

names = [text(n) for n in f["region_table/names"][()]]
idx = f["rank_region_index"]
ev = f["events"]
def col(name):
    return ev[name][()] if name in ev else None
if schema == 3:
    a, b = col("start_deltas"), col("durations")
else:
    a, b = col("start_times"), col("end_times")
opt = {k: col(c) for k, c in [("gpu_durations_ns", "gpu_durations"),
    ("call_ids", "call_ids"), ("parent_ids", "parent_ids"),
    ("thread_ids", "thread_ids"), ("task_ids", "task_ids"),
    ("await_ns", "await_ns")]}
rows = []
for i in range(len(idx["region_ids"])):
    reg, rank = int(idx["region_ids"][i]), int(idx["ranks"][i])
    o, n = int(idx["event_offsets"][i]), int(idx["event_counts"][i])
    if schema == 3:
        s = np.cumsum(a[o:o + n]) if n else a[o:o]
        e = s + b[o:o + n]
    else:
        s, e = a[o:o + n], b[o:o + n]
    row = {"name": names[reg], "rank": rank}
    sf, sl, st = text(idx["source_files"][i]), int(idx["source_lines"][i]), text(idx["source_texts"][i])
    if sf:
        row["source_file"] = sf
    if sl >= 0:
        row["source_lineno"] = sl
    if st:
        row["source_text"] = st
    tags = json.loads(text(idx["tags"][i]) or "[]")
    if tags:
        row["tags"] = tags
    row["start_times_ns"] = [int(x) for x in s]
    row["end_times_ns"] = [int(x) for x in e]
    if "event_metadata" in idx:
        em = json.loads(text(idx["event_metadata"][i]) or "[]")
        if any(em):
            row["event_metadata"] = em
    for k, v in opt.items():
        if v is None:
            continue
        part = v[o:o + n]
        if k == "gpu_durations_ns" and not (part >= 0).any():
            continue
        row[k] = [int(x) for x in part]
    ex = int(idx["exclusive_totals"][i]) if "exclusive_totals" in idx else -1
    if ex >= 0:
        row["exclusive_total_ns"] = ex
    rows.append((reg, rank, row))
rows.sort(key=lambda r: (r[0], r[1]))
want = [r[2] for r in rows]
got = [{k: v for k, v in r.items() if k not in ("summary_statistics",
        "event_metadata_json")} for r in doc["regions"]]
bad = [i for i, (w, g) in enumerate(zip(want, got)) if w != g or list(w) != list(g)]
print("schema %d: %d rows, %s" % (schema, len(want),
      "as the spec makes them" if len(want) == len(got) and not bad
      else "DIFFER at %s" % bad[:3]))
EOF2
done
