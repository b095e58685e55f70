"""spgen spec files: an exact JSON description turned into a Profile.

The format is documented in the docstring of spgen.py (and README.md).
"""

import json

import numpy as np

from spgen_write import (EVENT_COLUMNS, FILL, Profile, SpecError, Storage,
                         derive, aggregate_rows)

TOP_KEYS = {"schema", "layout", "strings", "storage", "metadata", "names",
            "ranks", "exclusive_totals", "summary_statistics", "call_ids",
            "event_metadata", "thread_table", "task_table", "likwid",
            "line_profile", "perf_events", "schema_attr", "storage_layout_attr",
            "edits", "comment"}
ROW_KEYS = {"name", "starts", "ends", "durations", *EVENT_COLUMNS, "source_file",
            "source_lineno", "source_text", "tags", "exclusive", "event_metadata",
            "aggregate", "comment"}
AGG_FIELDS = ("count", "total", "minimum", "maximum", "exclusive")
STORAGE_NAMES = {
    "contiguous": Storage(),
    "chunked": Storage(layout="chunked"),
    "gzip": Storage(layout="chunked", compression="gzip"),
    "shuffle-gzip": Storage(layout="chunked", compression="gzip", shuffle=True),
    "repacked": Storage(layout="repacked"),
}


def parse_storage(value, chunk=None, level=None):
    """A Storage from a name or {"layout", "chunk", "compression", "level", "shuffle"}."""
    if value is None:
        value = "contiguous"
    if isinstance(value, str):
        if value not in STORAGE_NAMES:
            raise SpecError(f"storage must be one of {', '.join(STORAGE_NAMES)}, "
                            f"not {value!r}")
        base = STORAGE_NAMES[value]
        st = Storage(base.layout, base.chunk, base.compression, base.level, base.shuffle)
    elif isinstance(value, dict):
        unknown = set(value) - {"layout", "chunk", "compression", "level", "shuffle"}
        if unknown:
            raise SpecError(f"unknown storage key(s): {', '.join(sorted(unknown))}")
        st = Storage(layout=value.get("layout", "chunked"), chunk=value.get("chunk"),
                     compression=value.get("compression"), level=value.get("level", 4),
                     shuffle=bool(value.get("shuffle", False)))
        if st.layout not in ("contiguous", "chunked", "repacked"):
            raise SpecError(f"storage layout {st.layout!r} is not contiguous, "
                            "chunked or repacked")
        if st.compression not in (None, "gzip"):
            raise SpecError("storage compression must be gzip or null")
    else:
        raise SpecError(f"storage must be a name or an object, not {value!r}")
    if chunk is not None:
        st.chunk = chunk
    if level is not None:
        st.level = level
    return st


def ints(values, what):
    try:
        arr = np.asarray(values, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise SpecError(f"{what} must be a list of integers") from None
    if arr.ndim != 1:
        raise SpecError(f"{what} must be a flat list of integers")
    return arr


def parse_row(raw, rank):
    """One region row of a rank: a list [name, starts, ends, {extras}] or an object."""
    if isinstance(raw, list):
        if len(raw) not in (3, 4) or not isinstance(raw[0], str):
            raise SpecError(f"rank {rank}: a list row is [name, starts, ends] or "
                            f"[name, starts, ends, {{extras}}], got {raw!r}")
        row = dict(raw[3]) if len(raw) == 4 else {}
        row.update(name=raw[0], starts=raw[1], ends=raw[2])
    elif isinstance(raw, dict):
        row = dict(raw)
    else:
        raise SpecError(f"rank {rank}: a row is a list or an object, got {raw!r}")
    unknown = set(row) - ROW_KEYS
    if unknown:
        raise SpecError(f"rank {rank}, region {row.get('name')!r}: unknown key(s) "
                        f"{', '.join(sorted(unknown))}")
    if not isinstance(row.get("name"), str):
        raise SpecError(f"rank {rank}: every row needs a name")
    where = f"rank {rank}, region {row['name']!r}"
    starts = ints(row.get("starts", []), f"{where}: starts")
    if "ends" in row and "durations" in row:
        raise SpecError(f"{where}: give ends or durations, not both")
    if "durations" in row:
        ends = starts + ints(row["durations"], f"{where}: durations")
    else:
        ends = ints(row.get("ends", []), f"{where}: ends")
    if ends.size != starts.size:
        raise SpecError(f"{where}: {starts.size} starts but {ends.size} ends")
    row["starts"], row["ends"] = starts, ends
    for col in EVENT_COLUMNS:
        if col in row:
            row[col] = ints(row[col], f"{where}: {col}")
            if row[col].size != starts.size:
                raise SpecError(f"{where}: {col} has {row[col].size} values, "
                                f"not {starts.size}")
    return row


def parse_ranks(value):
    """[(rank, [row])] in write order."""
    if value is None:
        return []
    if isinstance(value, dict):
        try:
            items = sorted(((int(k), v) for k, v in value.items()), key=lambda kv: kv[0])
        except ValueError:
            raise SpecError("ranks keys must be decimal rank numbers") from None
    elif isinstance(value, list):
        items = [(int(e["rank"]), e.get("regions", [])) for e in value]
    else:
        raise SpecError("ranks must be an object {rank: [rows]} or a list of "
                        "{rank, regions}")
    return [(rank, [parse_row(r, rank) for r in rows]) for rank, rows in items]


def event_metadata_text(value, count, where):
    if isinstance(value, str):
        return value
    if not isinstance(value, list):
        raise SpecError(f"{where}: event_metadata is a list of objects or a JSON text")
    if len(value) != count:
        raise SpecError(f"{where}: event_metadata has {len(value)} entries for "
                        f"{count} calls (give a string to write it as it is)")
    return json.dumps(value)


def aggregate_record(value, where):
    if isinstance(value, dict):
        keys = {"min": "minimum", "max": "maximum"}
        value = {keys.get(k, k): v for k, v in value.items()}
        missing = [k for k in AGG_FIELDS if k not in value]
        if missing:
            raise SpecError(f"{where}: aggregate misses {', '.join(missing)}")
        return [int(value[k]) for k in AGG_FIELDS]
    if isinstance(value, list) and len(value) == 5:
        return [int(v) for v in value]
    raise SpecError(f"{where}: aggregate is [count, total, min, max, exclusive] "
                    "or an object with those names")


def thread_rows(rows, per_rank_defaults):
    out = []
    seen = {}
    for raw in rows or []:
        rank = int(raw.get("rank", 0))
        i = seen.get(rank, 0)
        seen[rank] = i + 1
        row = per_rank_defaults(rank, i)
        unknown = set(raw) - set(row)
        if unknown:
            raise SpecError(f"lane table row: unknown key(s) {', '.join(sorted(unknown))}")
        row.update(raw)
        row["ranks"] = row.pop("rank")
        out.append(row)
    return out


def thread_defaults(rank, i):
    return {"rank": rank, "index": i, "ident": 139800000000000 + 4096 * i,
            "native_id": 4000 + i, "daemon": 0,
            "name": "MainThread" if i == 0 else f"Thread-{i}",
            "start_ns": 0, "end_ns": -1, "cpu_ns": 0}


def task_defaults(rank, i):
    return {"rank": rank, "index": i, "kind": "task", "name": f"Task-{i + 1}",
            "coro_name": "main.<locals>.work", "thread_index": 0, "created_ns": 0,
            "done_ns": -1, "steps": 1, "running_ns": 0, "suspended_ns": 0}


def by_rank(value, what):
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SpecError(f"{what} is an object keyed by rank")
    return {int(k): v for k, v in value.items()}


def profile_from_spec(spec):
    """Build the Profile an exact spec describes."""
    if not isinstance(spec, dict):
        raise SpecError("a spec is a JSON object")
    unknown = set(spec) - TOP_KEYS
    if unknown:
        raise SpecError(f"unknown spec key(s): {', '.join(sorted(unknown))}")
    p = Profile(schema=spec.get("schema", 3), layout=spec.get("layout", "columnar"),
                strings=spec.get("strings", "vstr"),
                storage=parse_storage(spec.get("storage")),
                summary=bool(spec.get("summary_statistics", False)),
                edits=list(spec.get("edits", [])))
    if "schema_attr" in spec:
        p.schema_attr = spec["schema_attr"]
    if "storage_layout_attr" in spec:
        p.layout_attr = spec["storage_layout_attr"]

    ranks = parse_ranks(spec.get("ranks"))
    p.names = list(spec.get("names", []))
    if len(set(p.names)) != len(p.names):
        raise SpecError("names must be unique")
    rows = []
    for rank, rank_rows in ranks:
        for row in rank_rows:
            if row["name"] not in p.names:
                p.names.append(row["name"])
            rows.append((rank, row))
    ids = {name: i for i, name in enumerate(p.names)}

    default_mpi = max([r for r, _ in ranks], default=0) + 1
    p.metadata = spec.get("metadata", {"mpi_size": default_mpi})

    n = sum(r["starts"].size for _, r in rows)
    p.events = {"start": np.concatenate([r["starts"] for _, r in rows] or [[]])
                .astype(np.int64),
                "end": np.concatenate([r["ends"] for _, r in rows] or [[]]).astype(np.int64)}
    for col in EVENT_COLUMNS:
        if any(col in r for _, r in rows):
            p.events[col] = np.concatenate(
                [r[col] if col in r else np.full(r["starts"].size, FILL[col], np.int64)
                 for _, r in rows]).astype(np.int64)
    assert all(c.size == n for c in p.events.values())
    for rank, row in rows:
        p.row_rank.append(rank)
        p.row_region.append(ids[row["name"]])
        p.row_count.append(int(row["starts"].size))
        p.row_source_file.append(row.get("source_file"))
        p.row_source_line.append(row.get("source_lineno"))
        p.row_source_text.append(row.get("source_text"))
        p.row_tags.append(row.get("tags"))
        p.row_columns.append({c for c in EVENT_COLUMNS if c in row})

    # derived columns, then the rows' explicit values on top
    want_ids = bool(spec.get("call_ids", False))
    excl = spec.get("exclusive_totals", "unset")
    if excl not in (True, False, "unset"):
        raise SpecError('exclusive_totals is true, false or "unset"')
    if want_ids or excl is True:
        derive(p, call_ids=want_ids, exclusive=excl is True)
    if excl == "unset" or (excl is False and any("exclusive" in r for _, r in rows)):
        p.exclusive = [-1] * len(rows)
    offsets = p.offsets
    for i, (_, row) in enumerate(rows):
        a, b = int(offsets[i]), int(offsets[i] + p.row_count[i])
        for col in ("call_ids", "parent_ids"):
            if col in row and want_ids:
                p.events[col][a:b] = row[col]
        if "exclusive" in row and p.exclusive is not None:
            p.exclusive[i] = int(row["exclusive"])

    em = spec.get("event_metadata")
    if em not in (None, True, False, "backfill"):
        raise SpecError('event_metadata is true, false or "backfill"')
    if em in (True, "backfill") or (em is None and any("event_metadata" in r
                                                       for _, r in rows)):
        default = "" if em == "backfill" else "[]"
        p.event_metadata = [
            event_metadata_text(r["event_metadata"], r["starts"].size,
                                f"rank {k}, region {r['name']!r}")
            if "event_metadata" in r else default for k, r in rows]

    if p.layout == "aggregate":
        agg = aggregate_rows(p) if n else np.zeros((len(rows), 5), np.int64)
        for i, (rank, row) in enumerate(rows):
            if "aggregate" in row:
                agg[i] = aggregate_record(row["aggregate"],
                                          f"rank {rank}, region {row['name']!r}")
        p.aggregate = agg
    elif any("aggregate" in r for _, r in rows):
        raise SpecError('rows with "aggregate" need "layout": "aggregate"')

    p.threads = thread_rows(spec.get("thread_table"), thread_defaults)
    p.tasks = thread_rows(spec.get("task_table"), task_defaults)
    p.likwid = by_rank(spec.get("likwid"), "likwid")
    p.line_profile = by_rank(spec.get("line_profile"), "line_profile")
    p.perf_events = by_rank(spec.get("perf_events"), "perf_events")
    return p
