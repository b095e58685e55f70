"""spgen broken: damaged and unusual files, one per KIND.

Most kinds start from one small valid profile, BASE (rank 0: outer
[1000, 1100]; inner [1010, 1040] and [1050, 1090]; region ids outer 0,
inner 1; rows outer (offset 0, count 1) then inner (offset 1, count 2);
3 events), and damage one thing, so the expected error is predictable.
"""

import os

import h5py
import numpy as np

from spgen_spec import profile_from_spec
from spgen_synth import synth_options, synth_profile
from spgen_write import SpecError, write

BASE_ROWS = [["outer", [1000], [1100]], ["inner", [1010, 1050], [1040, 1090]]]

# kind: (default schema, the schemas it exists for, one line on what it is)
KINDS = {
    "empty": (None, None, "a file of 0 bytes"),
    "garbage": (None, None, "4096 random bytes (no HDF5 signature)"),
    "not-hdf5": (None, None, "a short text file"),
    "truncated": (3, (0, 1, 2, 3), "a valid 2-rank synth file cut to half its size"),
    "schema-float": (2, (2, 3), "root scope_profiler_schema = 2.0 (f64)"),
    "schema-string": (2, (2, 3), 'root scope_profiler_schema = "2" (vstr)'),
    "schema-zero": (2, (2, 3), "root scope_profiler_schema = 0 (i64)"),
    "schema-future": (3, (2, 3), "root scope_profiler_schema = 99 (i64)"),
    "schema-array": (3, (2, 3), "root scope_profiler_schema = [3] (i64, shape (1,))"),
    "offsets-beyond": (3, (2, 3), "event_counts [1, 5]: claims 6 events, columns hold 3"),
    "overlapping-rows": (3, (2, 3), "event_offsets [0, 0], counts [1, 2]: "
                                    "slices [0,1) and [0,2) overlap"),
    "region-id-out-of-range": (3, (2, 3), "region_ids [0, 2] with 2 names"),
    "duplicate-rows": (3, (2, 3), "region_ids [0, 0]: two rows for (rank 0, outer)"),
    "length-mismatch": (3, (0, 1, 2, 3), "the end (schema 1, 2) or durations (3) "
                                         "column is one value shorter than the starts"),
    "end-before-start": (3, (0, 1, 2, 3), "inner's second call ends at 1045, "
                                          "before its start 1050"),
    "huge-index": (3, (2, 3), "rank_region_index/* declare 2^34 rows in chunks never "
                              "written (reads as fill values)"),
    "huge-events": (3, (2, 3), "the event columns declare 2^34 calls in chunks never "
                               "written, event_counts says so too"),
    "missing-events": (3, (2, 3), "no /events group"),
    "missing-names": (3, (2, 3), "no /region_table/names dataset"),
    "lane-ranks": (3, (2, 3), "thread_table/ranks two-dimensional ([[0]], shape (1, 1))"),
    "lane-names": (3, (2, 3), "thread_table/name holds 2 names for the table's 1 thread"),
    "float-seconds": (None, None, "the 2025-11-14 layout: /rank0/regions/<name>/"
                                  "{start_times,end_times,durations} f64 seconds, "
                                  "chunked + gzip, no root attribute, no metadata"),
    "float-seconds-norank": (None, None, "the <= 2025-11-13 layout: /regions/<name>/... "
                                         "f64 seconds, no rank groups"),
    "unrelated": (None, None, "another program's HDF5: one dataset /data, no "
                              "schema attribute, rank group, region table or metadata"),
    "nested-name": (1, (0, 1), "schema 1 regions 'solve' and 'io/write' (the '/' "
                               "nests groups: rank0/regions/io/write/...)"),
}


def base_spec(schema, **extra):
    return {"schema": schema, "ranks": {"0": [list(r) for r in BASE_ROWS]}, **extra}


def write_spec(spec, out):
    write(profile_from_spec(spec), out)


def replace(path, dataset, values, dtype):
    with h5py.File(path, "r+") as f:
        del f[dataset]
        f.create_dataset(dataset, data=np.asarray(values, dtype=dtype))


def make(kind, out, schema=None, seed=1):
    if kind not in KINDS:
        raise SpecError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}")
    default, allowed, _ = KINDS[kind]
    schema = default if schema is None else schema
    if allowed is not None and schema not in allowed:
        raise SpecError(f"{kind} exists for schema {', '.join(map(str, allowed))}")
    if allowed is None and schema not in (None, default):
        raise SpecError(f"{kind} takes no --schema")
    rng = np.random.default_rng(seed)

    if kind == "empty":
        open(out, "wb").close()
    elif kind == "garbage":
        data = rng.integers(0, 256, size=4096, dtype=np.uint8).tobytes()
        with open(out, "wb") as f:
            f.write(b"\x00garbage" + data[8:])
    elif kind == "not-hdf5":
        with open(out, "w") as f:
            f.write("this is not an HDF5 profile\nstart_times: 10 20 40\n")
    elif kind == "truncated":
        p, _ = synth_profile(synth_options(schema=schema, ranks=2, calls=2000,
                                           seed=seed, call_ids=schema >= 2))
        write(p, out)
        size = os.path.getsize(out)
        with open(out, "r+b") as f:
            f.truncate(size // 2)
    elif kind.startswith("schema-"):
        value = {"schema-float": {"dtype": "f64", "value": 2.0},
                 "schema-string": {"dtype": "vstr", "value": "2"},
                 "schema-zero": {"dtype": "i64", "value": 0},
                 "schema-future": {"dtype": "i64", "value": 99},
                 "schema-array": {"dtype": "i64", "value": [3]}}[kind]
        write_spec(base_spec(schema, schema_attr=value), out)
    elif kind in ("offsets-beyond", "overlapping-rows", "region-id-out-of-range",
                  "duplicate-rows"):
        write_spec(base_spec(schema), out)
        ix = "/rank_region_index/"
        if kind == "offsets-beyond":
            replace(out, ix + "event_counts", [1, 5], np.uint64)
        elif kind == "overlapping-rows":
            replace(out, ix + "event_offsets", [0, 0], np.uint64)
        elif kind == "region-id-out-of-range":
            replace(out, ix + "region_ids", [0, 2], np.uint32)
        else:
            replace(out, ix + "region_ids", [0, 0], np.uint32)
    elif kind == "length-mismatch":
        write_spec(base_spec(schema), out)
        if schema <= 1:
            replace(out, "/rank0/regions/inner/end_times", [1040], np.int64)
        elif schema == 2:
            replace(out, "/events/end_times", [1100, 1040], np.int64)
        else:
            replace(out, "/events/durations", [100, 30], np.int64)
    elif kind == "end-before-start":
        spec = base_spec(schema)
        spec["ranks"]["0"][1] = ["inner", [1010, 1050], [1040, 1045]]
        write_spec(spec, out)
    elif kind in ("huge-index", "huge-events"):
        # A few KB of file whose declared sizes would take 128 GiB to read:
        # chunked datasets with no chunk written read as their fill value.
        write_spec(base_spec(schema), out)
        huge = 1 << 34
        with h5py.File(out, "r+") as f:
            if kind == "huge-index":
                ix = f["rank_region_index"]
                for name in list(ix.keys()):
                    dt = ix[name].dtype
                    del ix[name]
                    ix.create_dataset(name, shape=(huge,), dtype=dt, chunks=(1 << 16,),
                                      maxshape=(None,))
            else:
                ev = f["events"]
                for name in list(ev.keys()):
                    dt = ev[name].dtype
                    del ev[name]
                    ev.create_dataset(name, shape=(huge,), dtype=dt, chunks=(1 << 16,),
                                      maxshape=(None,))
                ix = f["rank_region_index"]
                del ix["event_counts"]
                ix.create_dataset("event_counts", data=np.asarray([huge - 2, 2], np.uint64))
    elif kind == "missing-events":
        write_spec(base_spec(schema, edits=[{"remove": "/events"}]), out)
    elif kind == "missing-names":
        write_spec(base_spec(schema, edits=[{"remove": "/region_table/names"}]), out)
    elif kind == "lane-ranks":
        write_spec(base_spec(schema, thread_table=[{"rank": 0, "name": "MainThread"}]), out)
        replace(out, "/thread_table/ranks", [[0]], np.uint32)
    elif kind == "lane-names":
        write_spec(base_spec(schema, thread_table=[{"rank": 0, "name": "MainThread"}]), out)
        replace(out, "/thread_table/name", ["MainThread", "Thread-1"], h5py.string_dtype())
    elif kind in ("float-seconds", "float-seconds-norank"):
        write_float_seconds(out, per_rank=kind == "float-seconds")
    elif kind == "unrelated":
        with h5py.File(out, "w") as f:
            f.create_dataset("data", data=np.arange(3, dtype=np.int64))
    elif kind == "nested-name":
        spec = {"schema": schema, "ranks": {"0": [
            ["solve", [1000, 1200], [1100, 1300]], ["io/write", [1110], [1190]]]}}
        write_spec(spec, out)


def write_float_seconds(out, per_rank):
    """Float64 seconds of time.perf_counter(), with a durations column."""
    with h5py.File(out, "w") as f:
        top = f.create_group("rank0") if per_rank else f
        regions = top.create_group("regions")
        for name, starts, ends in BASE_ROWS:
            g = regions.create_group(name)
            s = 4321.0 + np.asarray(starts, np.float64) * 1e-9
            e = 4321.0 + np.asarray(ends, np.float64) * 1e-9
            for col, values in (("start_times", s), ("end_times", e), ("durations", e - s)):
                g.create_dataset(col, data=values, maxshape=(None,), chunks=True,
                                 compression="gzip")
