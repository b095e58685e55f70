"""The profile model of spgen and how it is laid out in HDF5.

A `Profile` holds everything one scope-profiler file can hold, already in
the columnar shape of schema 2/3: a region table, one row per (rank,
region) and the per-call columns of all rows concatenated in row order.
`write()` lays it out as schema 1 (per-rank groups), schema 2 (absolute
start/end columns) or schema 3 (start deltas + durations), columnar or
aggregate, with the storage, filters and string kinds of the reference
writer (h5py). Format references: doc/formats.md.

This module also holds the two computations every generator needs:
`nest()` (the call-stack reconstruction of doc/calls.md, for
call ids, parent ids and exclusive times) and `summary_rows()` (the
summary_statistics compound of doc/formats.md, "Summary statistics").
"""

import json
import os
from dataclasses import dataclass, field

import h5py
import numpy as np

# Optional per-call columns and the value a row without them gets.
EVENT_COLUMNS = ("gpu_durations", "call_ids", "parent_ids",
                 "thread_ids", "task_ids", "await_ns")
FILL = {"gpu_durations": -1, "call_ids": -1, "parent_ids": -1,
        "thread_ids": -1, "task_ids": -1, "await_ns": 0}
SCHEMA1_COLUMNS = ("gpu_durations", "call_ids", "parent_ids")

SUMMARY_DTYPE = np.dtype([
    ("total", "<i8"), ("minimum", "<i8"), ("maximum", "<i8"),
    ("first", "<i8"), ("last", "<i8"), ("start_minimum", "<i8"),
    ("end_maximum", "<i8"), ("gpu_count", "<u8"), ("gpu_total", "<i8"),
    ("mean", "<f8"), ("m2", "<f8"),
])

THREAD_COLUMNS = (("ranks", "u4"), ("index", "i8"), ("ident", "i8"),
                  ("native_id", "i8"), ("daemon", "i1"), ("name", "str"),
                  ("start_ns", "i8"), ("end_ns", "i8"), ("cpu_ns", "i8"))
TASK_COLUMNS = (("ranks", "u4"), ("index", "i8"), ("kind", "str"),
                ("name", "str"), ("coro_name", "str"),
                ("thread_index", "i8"), ("created_ns", "i8"),
                ("done_ns", "i8"), ("steps", "i8"), ("running_ns", "i8"),
                ("suspended_ns", "i8"))

STRING_KINDS = ("vstr", "fixed", "ascii")
REPACK_LIMIT = 64 * 1024        # bytes; the reference's per-dataset repack limit


class SpecError(ValueError):
    """A description that cannot be written as asked."""


class NestingError(ValueError):
    """Calls of one lane that are not properly nested."""


@dataclass
class Storage:
    """How datasets are stored.

    layout: "contiguous", "chunked" (every dataset growable, maxshape None)
    or "repacked" (the reference's publication step: datasets of at most
    64 KiB contiguous, larger ones chunked). chunk: the configured chunk
    size (None: 256 for index columns, h5py's guess for event columns).
    compression "gzip" (+ shuffle) applies to the chunked per-call
    columns: events/*, schema-1 region datasets, line-profile arrays.
    """
    layout: str = "contiguous"
    chunk: int | None = None
    compression: str | None = None
    level: int = 4
    shuffle: bool = False


@dataclass
class Profile:
    """One file's content; rows and events are parallel columns."""
    schema: int = 3                      # 0 = schema 1 without the root attribute
    layout: str = "columnar"             # or "aggregate"
    metadata: dict | None = None         # None: no /metadata group
    names: list = field(default_factory=list)
    # rows, one per (rank, region), in write order
    row_region: list = field(default_factory=list)     # index into names
    row_rank: list = field(default_factory=list)
    row_count: list = field(default_factory=list)
    row_source_file: list = field(default_factory=list)    # str or None
    row_source_line: list = field(default_factory=list)    # int or None
    row_source_text: list = field(default_factory=list)    # str or None
    row_tags: list = field(default_factory=list)           # list, str (raw JSON) or None
    row_columns: list = field(default_factory=list)        # set of optional columns the row has
    exclusive: list | None = None        # per row, -1 = not computed; None: no column
    event_metadata: list | None = None   # per row JSON text; None: no column
    aggregate: np.ndarray | None = None  # (M, 5): count, total, min, max, exclusive
    summary: bool = False
    events: dict = field(default_factory=dict)   # "start", "end", optional columns
    threads: list = field(default_factory=list)  # dicts, THREAD_COLUMNS keys
    tasks: list = field(default_factory=list)    # dicts, TASK_COLUMNS keys
    likwid: dict = field(default_factory=dict)   # rank -> {"env": {}, "regions": []}
    line_profile: dict = field(default_factory=dict)   # rank -> [record]
    perf_events: dict = field(default_factory=dict)    # rank -> {name: {"calls", "values"}}
    storage: Storage = field(default_factory=Storage)
    strings: str = "vstr"
    schema_attr: object = "default"      # "default", None (omit) or a typed value
    layout_attr: object = "default"      # same, for storage_layout
    edits: list = field(default_factory=list)

    @property
    def offsets(self):
        counts = np.asarray(self.row_count, dtype=np.int64)
        return np.concatenate(([0], np.cumsum(counts)))[:-1]


# --------------------------------------------------------------------------
# Call-stack reconstruction and derived numbers

def lanes_of(thread_ids, task_ids, n):
    """Lane of each call (doc/calls.md, "Lanes"); None without lanes."""
    if thread_ids is None and task_ids is None:
        return None
    lane = np.full(n, -1, dtype=np.int64)
    if thread_ids is not None:
        t = np.asarray(thread_ids, dtype=np.int64)
        lane = np.where(t >= 0, -2 - t, lane)
    if task_ids is not None:
        k = np.asarray(task_ids, dtype=np.int64)
        lane = np.where(k >= 0, k, lane)
    return lane


def nest(start, end, lane=None):
    """Parent (input index, -1 for roots) and exclusive ns of every call.

    Calls are given in concatenation order (region order, then recording
    order); the sort is start ascending, end descending, then that order,
    each lane on its own. Raises NestingError like the reference.
    """
    start = np.asarray(start, dtype=np.int64)
    end = np.asarray(end, dtype=np.int64)
    n = start.size
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    if np.any(end < start):
        raise NestingError("a recorded call ends before it starts")
    if lane is None:
        lane = np.zeros(n, dtype=np.int64)
        order = np.lexsort((-end, start))           # lexsort is stable
    else:
        order = np.lexsort((-end, start, lane))
    s, e, ln = start[order], end[order], lane[order]
    two_s = 2 * s
    two_e = np.where(e == s, two_s + 1, 2 * e)    # zero-length: open at its own start
    depth = np.empty(n, dtype=np.int64)
    cuts = np.concatenate(([0], np.flatnonzero(ln[1:] != ln[:-1]) + 1, [n]))
    for a, b in zip(cuts[:-1], cuts[1:]):
        closed = np.searchsorted(np.sort(two_e[a:b]), two_s[a:b], side="right")
        depth[a:b] = np.arange(b - a) - closed
    if np.any(depth < 0):
        raise NestingError("recorded calls are not properly nested")
    parent = np.full(n, -1, dtype=np.int64)
    pos = np.arange(n)
    for d in range(1, int(depth.max()) + 1):
        child = pos[depth == d]
        cand = pos[depth == d - 1]
        k = np.searchsorted(cand, child) - 1
        if np.any(k < 0):
            raise NestingError("recorded calls are not properly nested")
        parent[child] = cand[k]
    inner = parent >= 0
    if np.any(ln[parent[inner]] != ln[inner]) or np.any(e[parent[inner]] < e[inner]):
        raise NestingError("recorded calls are not properly nested")
    dur = e - s
    # Children of one call are disjoint and inside it, so every partial sum
    # is at most the call's duration: exact in float64 below 2**53 ns.
    children = np.bincount(parent[inner], weights=dur[inner], minlength=n)
    excl_sorted = dur - children.astype(np.int64)
    parent_in = np.full(n, -1, dtype=np.int64)
    parent_in[order[inner]] = order[parent[inner]]
    excl = np.empty(n, dtype=np.int64)
    excl[order] = excl_sorted
    return parent_in, excl


def call_numbers(start, end, parent, base=0):
    """Call ids (numbered by start asc, end desc, input order) and parent ids."""
    n = len(start)
    order = np.lexsort((-np.asarray(end), np.asarray(start)))    # stable
    ids = np.empty(n, dtype=np.int64)
    ids[order] = np.arange(base, base + n, dtype=np.int64)
    pids = np.where(parent >= 0, ids[np.maximum(parent, 0)], -1)
    return ids, pids


def segment_sums(values, counts):
    """Sum of values over consecutive segments of the given lengths (exact ints)."""
    counts = np.asarray(counts, dtype=np.int64)
    out = np.zeros(counts.size, dtype=values.dtype)
    nz = counts > 0
    if nz.any():
        offsets = np.concatenate(([0], np.cumsum(counts)))[:-1]
        out[nz] = np.add.reduceat(values, offsets[nz])
    return out


def summary_rows(start, end, gpu, counts):
    """summary_statistics records for rows laid back to back."""
    counts = np.asarray(counts, dtype=np.int64)
    out = np.zeros(counts.size, dtype=SUMMARY_DTYPE)
    nz = counts > 0
    if not nz.any():
        return out
    offsets = np.concatenate(([0], np.cumsum(counts)))[:-1]
    off, cnt = offsets[nz], counts[nz]
    dur = end - start
    total = np.add.reduceat(dur, off)
    out["total"][nz] = total
    out["minimum"][nz] = np.minimum.reduceat(dur, off)
    out["maximum"][nz] = np.maximum.reduceat(dur, off)
    out["first"][nz] = dur[off]
    out["last"][nz] = dur[off + cnt - 1]
    out["start_minimum"][nz] = np.minimum.reduceat(start, off)
    out["end_maximum"][nz] = np.maximum.reduceat(end, off)
    if gpu is not None:
        ok = gpu >= 0
        out["gpu_count"][nz] = np.add.reduceat(ok.astype(np.uint64), off)
        out["gpu_total"][nz] = np.add.reduceat(np.where(ok, gpu, 0), off)
    mean = total / cnt
    out["mean"][nz] = mean
    dev = dur - np.repeat(mean, cnt)
    out["m2"][nz] = np.add.reduceat(dev * dev, off)
    return out


def rank_slices(profile):
    """(rank, [row indices], event start, event stop) per rank, rows contiguous."""
    out = []
    offsets = profile.offsets
    counts = np.asarray(profile.row_count, dtype=np.int64)
    for i, rank in enumerate(profile.row_rank):
        if out and out[-1][0] == rank and out[-1][1][-1] == i - 1:
            out[-1][1].append(i)
            out[-1][3] = int(offsets[i] + counts[i])
        else:
            out.append([rank, [i], int(offsets[i]), int(offsets[i] + counts[i])])
    return out


def derive(profile, call_ids=False, exclusive=False, strict=True):
    """Fill call_ids/parent_ids and/or exclusive totals from the nesting.

    A rank whose calls are not properly nested keeps -1 (what the reference
    writes when it cannot number a rank); with strict the error is raised.
    Returns the ranks that could not be reconstructed.
    """
    ev = profile.events
    n = ev["start"].size
    counts = np.asarray(profile.row_count, dtype=np.int64)
    if call_ids:
        ev["call_ids"] = np.full(n, -1, dtype=np.int64)
        ev["parent_ids"] = np.full(n, -1, dtype=np.int64)
        for cols in profile.row_columns:
            cols.update(("call_ids", "parent_ids"))
    if exclusive:
        profile.exclusive = [-1] * len(counts)
    failed = []
    lane = lanes_of(ev.get("thread_ids"), ev.get("task_ids"), n)
    for rank, rows, a, b in rank_slices(profile):
        try:
            parent, excl = nest(ev["start"][a:b], ev["end"][a:b],
                                None if lane is None else lane[a:b])
        except NestingError as exc:
            if strict:
                raise NestingError(f"rank {rank}: {exc}") from None
            failed.append(rank)
            continue
        if call_ids:
            ids, pids = call_numbers(ev["start"][a:b], ev["end"][a:b], parent)
            ev["call_ids"][a:b] = ids
            ev["parent_ids"][a:b] = pids
        if exclusive:
            sums = segment_sums(excl, counts[rows])
            for r, v in zip(rows, sums):
                profile.exclusive[r] = int(v)
    return failed


def aggregate_rows(profile, strict=True):
    """(M, 5) aggregate records computed from the events of each row."""
    counts = np.asarray(profile.row_count, dtype=np.int64)
    ev = profile.events
    start, end = ev["start"], ev["end"]
    dur = end - start
    agg = np.zeros((counts.size, 5), dtype=np.int64)
    agg[:, 0] = counts
    agg[:, 1] = segment_sums(dur, counts)
    nz = counts > 0
    if nz.any():
        off = profile.offsets[nz]
        agg[nz, 2] = np.minimum.reduceat(dur, off)
        agg[nz, 3] = np.maximum.reduceat(dur, off)
    saved = profile.exclusive
    derive(profile, exclusive=True, strict=strict)
    agg[:, 4] = profile.exclusive
    profile.exclusive = saved
    return agg


# --------------------------------------------------------------------------
# Typed values (attributes and explicit datasets)

NUMERIC = {"i8": "<i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
           "u8": "<u1", "u16": "<u2", "u32": "<u4", "u64": "<u8",
           "f32": "<f4", "f64": "<f8"}


def string_type(kind, width=None):
    if kind == "ascii":
        return h5py.string_dtype("ascii")
    if kind == "fixed":
        return h5py.string_dtype("utf-8", max(1, width or 1))
    return h5py.string_dtype("utf-8")


def utf8_bytes(text):
    """text as bytes: UTF-8, but a lone surrogate U+DC80..U+DCFF is the byte
    it escapes (Python's surrogateescape: "\\udcff" is the byte 0xff) and any
    other lone surrogate its three-byte form (ED A0 80 for U+D800): the way
    a spec asks for strings that are not valid UTF-8."""
    out = bytearray()
    for c in text:
        o = ord(c)
        if 0xDC80 <= o <= 0xDCFF:
            out.append(o - 0xDC00)
        else:
            out += c.encode("utf-8", "surrogatepass")
    return bytes(out)


def has_surrogates(text):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def string_array(values, kind):
    """A numpy array h5py writes as strings of the given kind."""
    values = ["" if v is None else str(v) for v in values]
    if kind != "fixed" and any("\0" in v for v in values):
        raise SpecError("HDF5 variable-length strings cannot hold NUL "
                        "(use strings \"fixed\", where NUL pads)")
    if kind == "fixed":
        raw = [utf8_bytes(v) for v in values]
        width = max([1] + [len(b) for b in raw])
        return np.array(raw, dtype=string_type("fixed", width))
    if kind == "ascii":
        values = [utf8_bytes(v) for v in values]
    else:
        values = [utf8_bytes(v) if has_surrogates(v) else v for v in values]
    return np.array(values, dtype=object) if values else np.zeros(0, dtype=object)


def typed(value, dtype=None, strings="vstr"):
    """(numpy value, h5py dtype) for a JSON value, optionally with a dtype name.

    dtype names: i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 (little-endian), any
    numpy name such as ">i8" (big-endian), "bool" (HDF5 enum FALSE/TRUE),
    "str"/"vstr" (vstr UTF-8), "ascii" (vstr ASCII), "fixed" (fixed-length
    NULLPAD UTF-8). Without a dtype: bool -> enum, int -> i64, float -> f64,
    str -> vstr, list -> vstr array (or i64/f64 array if all numbers).
    """
    if dtype is None:
        if isinstance(value, bool):
            return np.bool_(value), None
        if isinstance(value, int):
            return np.int64(value), None
        if isinstance(value, float):
            return np.float64(value), None
        if isinstance(value, str):
            dtype = "ascii" if strings == "ascii" else "vstr"
        elif isinstance(value, (list, tuple)):
            flat = list(value)
            if flat and all(isinstance(v, bool) for v in flat):
                return np.array(flat, dtype=np.bool_), None
            if flat and all(isinstance(v, int) and not isinstance(v, bool) for v in flat):
                return np.array(flat, dtype=np.int64), None
            if flat and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                            for v in flat):
                return np.array(flat, dtype=np.float64), None
            dtype = "ascii" if strings == "ascii" else "vstr"
        else:
            raise SpecError(f"cannot store {value!r} as an HDF5 value")
    if dtype in ("str", "vstr", "ascii", "fixed"):
        kind = "vstr" if dtype == "str" else dtype
        if isinstance(value, (list, tuple)):
            arr = string_array(value, kind)
            return arr, (arr.dtype if kind == "fixed" else string_type(kind))
        if kind == "fixed":
            raw = str(value).encode("utf-8")
            t = string_type("fixed", len(raw))
            return np.array(raw, dtype=t), t
        if kind == "ascii":
            return str(value).encode("utf-8"), string_type("ascii")
        return str(value), string_type("vstr")
    if dtype == "bool":
        return np.asarray(value, dtype=np.bool_), None
    np_dtype = np.dtype(NUMERIC.get(dtype, dtype))
    return np.asarray(value, dtype=np_dtype), None


def set_attr(obj, name, value, strings="vstr", dtype=None):
    """Write one attribute; a dict value is {"dtype": ..., "value": ...}."""
    if isinstance(value, dict):
        dtype, value = value.get("dtype"), value.get("value")
    data, h5type = typed(value, dtype, strings)
    if name in obj.attrs:
        del obj.attrs[name]
    if h5type is None:
        obj.attrs[name] = data
    else:
        obj.attrs.create(name, data, dtype=h5type)


# --------------------------------------------------------------------------
# Datasets

def new_dataset(group, name, data, storage, role, fill=None, strings=None):
    """Create one 1-D (or 2-D) dataset the way the reference writer would.

    role "index" (index/region-table columns), "event" (per-call columns,
    filters allowed), "table" (lane tables), "plain" (always contiguous:
    LIKWID and perf arrays). strings: the string kind if data is text.
    """
    if strings is not None:
        data = string_array(data, strings)
        h5type = data.dtype if strings == "fixed" else string_type(strings)
    else:
        data = np.asarray(data)
        h5type = None
    length = data.shape[0] if data.ndim else 1
    layout = storage.layout
    if layout == "repacked":
        size = data.size * (16 if strings in ("vstr", "ascii") else data.dtype.itemsize)
        layout = "contiguous" if size <= REPACK_LIMIT else "chunked"
    if role == "plain" or data.ndim != 1:
        layout = "contiguous"
    kwargs = {}
    if h5type is not None:
        kwargs["dtype"] = h5type
    if layout == "chunked":
        kwargs["maxshape"] = (None,)
        if role == "index":
            kwargs["chunks"] = (storage.chunk or 256,)
        elif role == "event" and storage.chunk:
            kwargs["chunks"] = (max(1, min(length, storage.chunk)),)
        else:
            kwargs["chunks"] = True
        if fill is not None:
            kwargs["fillvalue"] = fill
        if role == "event" and storage.compression == "gzip":
            kwargs["compression"] = "gzip"
            kwargs["compression_opts"] = storage.level
            kwargs["shuffle"] = storage.shuffle
    if length == 0 and data.ndim == 1:
        return group.create_dataset(name, shape=(0,), dtype=h5type or data.dtype,
                                    **{k: v for k, v in kwargs.items() if k != "dtype"})
    return group.create_dataset(name, data=data, **kwargs)


# --------------------------------------------------------------------------
# Layouts

def write(profile, path):
    """Write the profile to path, then apply its edits.

    The file is built under a temporary name and renamed into place, so a
    failed run leaves no half-written profile behind.
    """
    check(profile)
    tmp = f"{path}.spgen-tmp"
    try:
        write_file(profile, tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_file(p, path):
    with h5py.File(path, "w") as f:
        if p.schema_attr == "default":
            if p.schema >= 1:
                f.attrs["scope_profiler_schema"] = np.int64(p.schema)
        elif p.schema_attr is not None:
            set_attr(f, "scope_profiler_schema", p.schema_attr)
        if p.schema >= 2:
            if p.layout_attr == "default":
                set_attr(f, "storage_layout", p.layout, p.strings)
            elif p.layout_attr is not None:
                set_attr(f, "storage_layout", p.layout_attr, p.strings)
        if p.metadata is not None:
            meta = f.create_group("metadata")
            for key, value in p.metadata.items():
                set_attr(meta, key, value, p.strings)
        if p.schema <= 1:
            write_schema1(f, p)
        elif p.layout == "aggregate":
            write_aggregate(f, p)
        else:
            write_columnar(f, p)
        write_rank_groups(f, p)
    if p.edits:
        apply_edits(path, p.edits, p.strings)


def check(p):
    if p.schema not in (0, 1, 2, 3):
        raise SpecError(f"schema must be 0, 1, 2 or 3, not {p.schema!r}")
    if p.layout not in ("columnar", "aggregate"):
        raise SpecError(f"layout must be columnar or aggregate, not {p.layout!r}")
    if p.strings not in STRING_KINDS:
        raise SpecError(f"strings must be one of {STRING_KINDS}, not {p.strings!r}")
    n = int(np.sum(p.row_count)) if p.row_count else 0
    for name, col in p.events.items():
        if len(col) != n:
            raise SpecError(f"event column {name} has {len(col)} values, rows hold {n}")
    if p.schema <= 1:
        if p.layout != "columnar":
            raise SpecError("the aggregate layout needs schema 2 or 3")
        extra = set(p.events) - {"start", "end", *SCHEMA1_COLUMNS}
        if extra:
            raise SpecError(f"schema 1 cannot store {', '.join(sorted(extra))}")
        if p.threads or p.tasks or p.perf_events:
            raise SpecError("schema 1 has no lane tables and no perf_events")
        seen = set()
        for rank, region in zip(p.row_rank, p.row_region):
            if (rank, region) in seen:
                raise SpecError(f"schema 1 cannot hold region {p.names[region]!r} "
                                f"twice on rank {rank}")
            seen.add((rank, region))


def write_schema1(f, p):
    offsets = p.offsets
    ev = p.events
    for i, (rank, region) in enumerate(zip(p.row_rank, p.row_region)):
        a, b = int(offsets[i]), int(offsets[i] + p.row_count[i])
        group = f.require_group(f"rank{rank}").require_group("regions")
        g = group.create_group(p.names[region])
        new_dataset(g, "start_times", ev["start"][a:b], p.storage, "event")
        new_dataset(g, "end_times", ev["end"][a:b], p.storage, "event")
        for col in SCHEMA1_COLUMNS:
            if col in ev and col in p.row_columns[i]:
                new_dataset(g, col, ev[col][a:b], p.storage, "event")
        if p.row_source_file[i] is not None:
            set_attr(g, "source_file", p.row_source_file[i], p.strings)
        if p.row_source_line[i] is not None:
            g.attrs["source_lineno"] = np.int64(p.row_source_line[i])
        if p.row_source_text[i] is not None:
            set_attr(g, "source_text", p.row_source_text[i], p.strings)
        tags = p.row_tags[i]
        if tags is not None:
            if isinstance(tags, str):
                raise SpecError("schema 1 tags are a list of strings, not JSON text")
            set_attr(g, "tags", {"dtype": "ascii" if p.strings == "ascii" else "vstr",
                                 "value": list(tags)})


def tags_text(tags):
    if tags is None:
        return "[]"
    if isinstance(tags, str):
        return tags
    return json.dumps(list(tags))


def write_index_head(f, p):
    """region_table/names and the row id columns shared by both layouts."""
    rt = f.create_group("region_table")
    new_dataset(rt, "names", p.names, p.storage, "index", strings=p.strings)
    ix = f.create_group("rank_region_index")
    new_dataset(ix, "region_ids", np.asarray(p.row_region, dtype=np.uint32),
                p.storage, "index")
    new_dataset(ix, "ranks", np.asarray(p.row_rank, dtype=np.uint32), p.storage, "index")
    return ix


def write_columnar(f, p):
    m = len(p.row_region)
    ix = write_index_head(f, p)
    counts = np.asarray(p.row_count, dtype=np.uint64).reshape(m)
    new_dataset(ix, "event_offsets", p.offsets.astype(np.uint64), p.storage, "index")
    new_dataset(ix, "event_counts", counts, p.storage, "index")
    lines = [-1 if v is None else v for v in p.row_source_line]
    new_dataset(ix, "source_lines", np.asarray(lines, dtype=np.int64).reshape(m),
                p.storage, "index")
    if p.exclusive is not None:
        new_dataset(ix, "exclusive_totals", np.asarray(p.exclusive, dtype=np.int64).reshape(m),
                    p.storage, "index", fill=-1)
    new_dataset(ix, "source_files", p.row_source_file, p.storage, "index", strings=p.strings)
    new_dataset(ix, "source_texts", p.row_source_text, p.storage, "index", strings=p.strings)
    new_dataset(ix, "tags", [tags_text(t) for t in p.row_tags], p.storage, "index",
                strings=p.strings)
    ev = p.events
    if p.summary:
        summ = summary_rows(ev["start"], ev["end"], ev.get("gpu_durations"), p.row_count)
        new_dataset(ix, "summary_statistics", summ, p.storage, "index")
    if p.event_metadata is not None:
        new_dataset(ix, "event_metadata", p.event_metadata, p.storage, "index",
                    strings=p.strings)
    g = f.create_group("events")
    if p.schema == 2:
        new_dataset(g, "start_times", ev["start"], p.storage, "event")
        new_dataset(g, "end_times", ev["end"], p.storage, "event")
    else:
        new_dataset(g, "start_deltas", start_deltas(ev["start"], p.row_count),
                    p.storage, "event")
        new_dataset(g, "durations", ev["end"] - ev["start"], p.storage, "event")
    for col in EVENT_COLUMNS:
        if col in ev:
            new_dataset(g, col, np.asarray(ev[col], dtype=np.int64), p.storage, "event",
                        fill=FILL[col])
    write_lane_tables(f, p)


def start_deltas(start, counts):
    """Per row: the first absolute start, then differences (may be negative)."""
    start = np.asarray(start, dtype=np.int64)
    d = start.copy()
    d[1:] -= start[:-1]
    counts = np.asarray(counts, dtype=np.int64)
    offsets = np.concatenate(([0], np.cumsum(counts)))[:-1]
    first = offsets[counts > 0]
    d[first] = start[first]
    return d


def write_aggregate(f, p):
    ix = write_index_head(f, p)
    agg = p.aggregate if p.aggregate is not None else aggregate_rows(p)
    agg = np.asarray(agg, dtype=np.int64).reshape(-1, 5)
    if agg.shape[0] != len(p.row_region):
        raise SpecError("aggregate needs one record per row")
    new_dataset(ix, "aggregate_counts", agg[:, 0].astype(np.uint64), p.storage, "index")
    for k, name in enumerate(("totals", "minimums", "maximums", "exclusives"), start=1):
        new_dataset(ix, f"aggregate_{name}", agg[:, k], p.storage, "index")
    # The row-aligned columns of the columnar layout exist, empty.
    empty = np.zeros(0, dtype=np.int64)
    new_dataset(ix, "event_offsets", empty.astype(np.uint64), p.storage, "index")
    new_dataset(ix, "event_counts", empty.astype(np.uint64), p.storage, "index")
    new_dataset(ix, "source_lines", empty, p.storage, "index")
    if p.exclusive is not None:
        new_dataset(ix, "exclusive_totals", empty, p.storage, "index", fill=-1)
    for name in ("source_files", "source_texts", "tags"):
        new_dataset(ix, name, [], p.storage, "index", strings=p.strings)
    if p.summary:
        new_dataset(ix, "summary_statistics", np.zeros(0, SUMMARY_DTYPE), p.storage, "index")
    if p.event_metadata is not None:
        new_dataset(ix, "event_metadata", [], p.storage, "index", strings=p.strings)
    g = f.create_group("events")
    for name in (("start_times", "end_times") if p.schema == 2
                 else ("start_deltas", "durations")):
        new_dataset(g, name, empty, p.storage, "event")
    write_lane_tables(f, p)


def write_lane_tables(f, p):
    for group_name, columns, rows in (("thread_table", THREAD_COLUMNS, p.threads),
                                      ("task_table", TASK_COLUMNS, p.tasks)):
        if not rows:
            continue
        g = f.create_group(group_name)
        for name, kind in columns:
            values = [r[name] for r in rows]
            if kind == "str":
                new_dataset(g, name, values, p.storage, "table", strings=p.strings)
            else:
                new_dataset(g, name, np.asarray(values, dtype=kind), p.storage, "table")


def write_rank_groups(f, p):
    ranks = sorted(set(p.likwid) | set(p.line_profile) | set(p.perf_events))
    for rank in ranks:
        g = f.require_group(f"rank{rank}")
        if rank in p.likwid:
            write_likwid(g, p.likwid[rank], p.strings)
        if rank in p.perf_events:
            write_perf(g, p.perf_events[rank], p.strings)
        if rank in p.line_profile:
            write_line_profile(g, p.line_profile[rank], p)


def str_list(values, strings):
    return {"dtype": "ascii" if strings == "ascii" else "vstr", "value": list(values)}


def write_likwid(g, likwid, strings):
    lg = g.create_group("likwid")
    for key, value in likwid.get("env", {}).items():
        set_attr(lg, key, str(value), strings)
    regions = likwid.get("regions", [])
    lg.attrs["num_regions"] = np.int64(likwid.get("num_regions", len(regions)))
    rg = lg.create_group("regions")
    for reg in regions:
        tag = reg["tag"]
        r = rg.create_group(tag.replace("/", "|"))
        set_attr(r, "tag", tag, strings)
        r.attrs["group_id"] = np.int64(reg.get("group_id", -1))
        set_attr(r, "group_name", reg.get("group_name", ""), strings)
        set_attr(r, "source", reg.get("source", "marker_api"), strings)
        set_attr(r, "event_names", str_list(reg.get("event_names", []), strings))
        if reg.get("counter_names") is not None:
            set_attr(r, "counter_names", str_list(reg["counter_names"], strings))
        set_attr(r, "metric_names", str_list(reg.get("metric_names", []), strings))
        cpus = np.asarray(reg.get("cpus", []), dtype=np.int64)
        t = cpus.size
        r.create_dataset("cpus", data=cpus)
        r.create_dataset("times", data=np.asarray(reg.get("times", [0.0] * t), np.float64))
        r.create_dataset("call_counts", data=np.asarray(reg.get("call_counts", [0] * t),
                                                        np.int64))
        for name, names_key in (("events", "event_names"), ("metrics", "metric_names")):
            mat = np.asarray(reg.get(name, []), dtype=np.float64)
            if mat.size == 0:
                mat = np.zeros(tuple(reg.get(name + "_shape", (0, t))), np.float64)
            r.create_dataset(name, data=mat.reshape(-1, t) if mat.ndim == 1 else mat)


def write_perf(g, perf, strings):
    pg = g.create_group("perf_events")
    for name, rec in perf.items():
        r = pg.create_group(name)
        values = rec.get("values", {})
        r.attrs["calls"] = np.int64(rec.get("calls", 0))
        set_attr(r, "event_names", str_list(values.keys(), strings))
        r.create_dataset("values", data=np.asarray(list(values.values()), dtype=np.uint64))


def write_line_profile(g, records, p):
    lg = g.create_group("line_profile")
    for i, rec in enumerate(records):
        r = lg.create_group(str(i))
        for key in ("region", "filename", "function"):
            set_attr(r, key, rec.get(key, ""), p.strings)
        r.attrs["first_lineno"] = np.int64(rec.get("first_lineno", 1))
        r.attrs["unit"] = np.float64(rec.get("unit", 1e-9))
        if rec.get("source") is not None:
            set_attr(r, "source", rec["source"], p.strings)
            r.attrs["source_first_lineno"] = np.int64(
                rec.get("source_first_lineno", rec.get("first_lineno", 1)))
        new_dataset(r, "line_numbers", np.asarray(rec.get("line_numbers", []), np.int64),
                    p.storage, "event")
        new_dataset(r, "hits", np.asarray(rec.get("hits", []), np.int64), p.storage, "event")
        new_dataset(r, "times", np.asarray(rec.get("times", []), np.float64),
                    p.storage, "event")


# --------------------------------------------------------------------------
# Edits applied to a written file

def apply_edits(path, edits, strings="vstr"):
    """Apply edits, in order, to an existing file.

    {"remove": PATH}                           delete a dataset or group
    {"remove_attr": NAME, "path": PATH}        delete an attribute
    {"attr": NAME, "path": PATH, "value": V, "dtype": D}   set an attribute
    {"dataset": PATH, "data": [...], "dtype": D, "chunks": N, "fill": V}
                                               create or replace a dataset
    {"group": PATH}                            create a group (and parents)
    """
    with h5py.File(path, "r+") as f:
        for e in edits:
            if "remove" in e:
                del f[e["remove"]]
            elif "remove_attr" in e:
                del f[e.get("path", "/")].attrs[e["remove_attr"]]
            elif "attr" in e:
                where = e.get("path", "/")
                obj = f[where] if where in f else f.require_group(where)
                set_attr(obj, e["attr"], e.get("value"), strings, e.get("dtype"))
            elif "dataset" in e:
                path_ = e["dataset"]
                if path_ in f:
                    del f[path_]
                data, h5type = typed(e.get("data", []), e.get("dtype", "i64"), strings)
                kwargs = {}
                if h5type is not None:
                    kwargs["dtype"] = h5type
                if e.get("chunks"):
                    kwargs.update(chunks=(int(e["chunks"]),), maxshape=(None,))
                if e.get("fill") is not None:
                    kwargs["fillvalue"] = e["fill"]
                f.create_dataset(path_, data=data, **kwargs)
            elif "group" in e:
                f.require_group(e["group"])
            else:
                raise SpecError(f"unknown edit {e!r}")
