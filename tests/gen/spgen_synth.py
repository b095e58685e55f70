"""spgen synth: generated profiles of any size, vectorised and seeded.

Timelines are built without a per-call Python loop:

* template: a fixed tree (main > setup, solve > (assemble, kernel x3), io,
  deeper levels hung under each kernel) repeated once per step. Its enter
  and exit events form one token stream; the timestamps are the running
  sum of random non-negative gaps, so nesting holds by construction.
* random: a forest built level by level. Each call of level d picks a
  random parent on level d-1; the children of a parent share 2c endpoints
  drawn on a grid of the parent's interval (grid 1, 4, 16 or 2^20 steps)
  and sorted, so they never overlap. Coarse grids give zero-length calls,
  touching siblings and children identical to their parent; random region
  names give recursion and identical intervals in different regions.

Each lane (thread or task) gets its own timeline over the same period, so
lanes overlap each other. Every rank has its own random stream
(seed, rank), so output depends only on the options.
"""

import numpy as np

from spgen_write import (Profile, SpecError, aggregate_rows, derive)
from spgen_spec import parse_storage

T0 = 1_700_000_000_000          # perf_counter_ns of the run's setup()
RANK_SKEW = 50_000              # ns between the clocks of consecutive ranks

# template: (name, depth, mean ns before enter, mean ns of own work before exit)
TEMPLATE = [("main", 0, 2_000, 5_000), ("setup", 1, 500, 40_000),
            ("solve", 1, 300, 2_000), ("assemble", 2, 200, 20_000),
            ("kernel", 2, 100, 30_000), ("kernel", 2, 100, 30_000),
            ("kernel", 2, 100, 30_000), ("io", 1, 300, 15_000)]

PLAIN_NAMES = ["main", "setup", "solve", "assemble", "kernel", "io", "halo_exchange",
               "reduce", "fft", "checkpoint", "precondition", "matvec", "dot", "axpy",
               "update", "output"]
TRICKY_NAMES = ["main", "φ update", "it's \"quoted\"", "a > b", "日本語の計算",
                "tab\tname", "back\\slash", "comma,semi;colon", "<xml & amp>",
                "emoji 🚀", "trailing space ", "new\nline"]
GPU_NAMES = {"kernel", "fft", "matvec"}


def region_names(k, tricky=False):
    pool = TRICKY_NAMES if tricky else PLAIN_NAMES
    return [pool[i] if i < len(pool) else f"region_{i}" for i in range(k)]


# --------------------------------------------------------------------------
# Timelines of one lane: (start, end, region, level) in entry order

def template_tree(depth):
    """The template nodes [(name, depth, gap, work)] in preorder, cut to depth."""
    nodes = []
    for name, d, gap, work in TEMPLATE:
        if d >= depth:
            continue
        nodes.append((name, d, gap, work))
        if name == "kernel":
            for extra in range(3, depth):
                nodes.append((f"level{extra}", extra, 50, work // 4))
    return nodes


def template_timeline(n, depth, rng, t0, names):
    nodes = template_tree(max(1, depth))
    m = len(nodes)
    steps = -(-n // m)
    # Euler tour of one step: enter tokens in preorder, exits when a node closes.
    tokens, stack = [], []          # (node, is_exit)
    for i, (_, d, _, _) in enumerate(nodes):
        while stack and nodes[stack[-1]][1] >= d:
            tokens.append((stack.pop(), True))
        tokens.append((i, False))
        stack.append(i)
    while stack:
        tokens.append((stack.pop(), True))
    tok_node = np.array([t[0] for t in tokens])
    tok_exit = np.array([t[1] for t in tokens])
    mean = np.array([nodes[i][3] if x else nodes[i][2] for i, x in tokens], np.int64)
    gaps = rng.integers(0, 2 * mean + 1, size=(steps, mean.size))
    times = t0 + np.cumsum(gaps.ravel()).reshape(steps, mean.size)
    enter_col = np.empty(m, np.int64)
    exit_col = np.empty(m, np.int64)
    enter_col[tok_node[~tok_exit]] = np.flatnonzero(~tok_exit)
    exit_col[tok_node[tok_exit]] = np.flatnonzero(tok_exit)
    start = times[:, enter_col].ravel()[:n]
    end = times[:, exit_col].ravel()[:n]
    index = {name: i for i, name in enumerate(names)}
    region = np.tile([index[nd[0]] for nd in nodes], steps)[:n]
    level = np.tile([nd[1] for nd in nodes], steps)[:n]
    return start, end, region, level


def random_timeline(n, depth, rng, t0, nregions):
    depth = max(1, min(depth, n)) if n else 1
    sizes = np.full(depth, n // depth)
    sizes[: n % depth] += 1
    n0 = int(sizes[0])
    dur = rng.integers(1, 2_000_000, size=n0)
    dur[rng.random(n0) < 0.02] = 0
    gap = rng.integers(0, 20_000, size=n0)
    gap[rng.random(n0) < 0.1] = 0                      # touching roots
    start = t0 + np.cumsum(gap) + np.concatenate(([0], np.cumsum(dur)[:-1]))
    starts, ends, levels = [start], [start + dur], [np.zeros(n0, np.int64)]
    ps, pe = starts[0], ends[0]
    for d in range(1, depth):
        m = int(sizes[d])
        parent = np.sort(rng.integers(0, ps.size, size=m))
        grid = rng.choice(np.array([1, 4, 16, 1 << 20]), size=ps.size,
                          p=[0.01, 0.04, 0.15, 0.8])
        g = np.repeat(grid[parent], 2)
        k = rng.integers(0, g + 1)
        # sort the endpoints within each parent (parent is sorted already)
        k = k[np.argsort(np.repeat(parent, 2) * ((1 << 20) + 1) + k)]
        base = ps[parent]
        length = pe[parent] - base
        s = base + (k[0::2] * length) // grid[parent]
        e = base + (k[1::2] * length) // grid[parent]
        starts.append(s)
        ends.append(e)
        levels.append(np.full(m, d, np.int64))
        ps, pe = s, e
    start = np.concatenate(starts)
    end = np.concatenate(ends)
    level = np.concatenate(levels)
    weights = 1.0 / np.arange(1, nregions + 1) ** 0.8
    region = rng.choice(nregions, size=n, p=weights / weights.sum())
    order = np.lexsort((end, level, start))            # entry order
    return start[order], end[order], region[order], level[order]


# --------------------------------------------------------------------------
# One rank

def split(n, parts):
    sizes = np.full(parts, n // parts)
    sizes[: n % parts] += 1
    return sizes


def rank_calls(opts, rank, names):
    """All calls of one rank as columns, in rank order (rows back to back)."""
    rng = np.random.default_rng([opts.seed, rank])
    nthreads = max(opts.threads, 1 if opts.tasks else 0)
    lanes = [("thread", i) for i in range(max(nthreads, 1))] + \
            [("task", i) for i in range(opts.tasks)]
    cols = {k: [] for k in ("start", "end", "region", "level", "thread", "task")}
    t0 = T0 + rank * RANK_SKEW
    for (kind, i), n in zip(lanes, split(opts.calls, len(lanes))):
        # the main thread starts the rank; other lanes start a little later
        lane_t0 = t0 if (kind, i) == ("thread", 0) else t0 + int(rng.integers(1, 5_000))
        if opts.shape == "template":
            s, e, r, lv = template_timeline(int(n), opts.depth, rng, lane_t0, names)
        else:
            s, e, r, lv = random_timeline(int(n), opts.depth, rng, lane_t0, len(names))
        cols["start"].append(s)
        cols["end"].append(e)
        cols["region"].append(r)
        cols["level"].append(lv)
        thread = i if kind == "thread" else i % max(nthreads, 1)
        cols["thread"].append(np.full(s.size, thread, np.int64))
        cols["task"].append(np.full(s.size, i if kind == "task" else -1, np.int64))
    c = {k: np.concatenate(v).astype(np.int64) for k, v in cols.items()}
    if opts.overlap and rank == 0:
        add_overlap(c, names)
    return c, rng


def add_overlap(c, names):
    """One call that starts inside a call of lane 0 and ends 1 ns after it."""
    lane0 = (c["thread"] == 0) & (c["task"] < 0)
    long_ = np.flatnonzero(lane0 & (c["end"] - c["start"] >= 2))
    if long_.size == 0:
        raise SpecError("--overlap needs a call of at least 2 ns on rank 0")
    i = long_[0]
    if "overlap" not in names:
        names.append("overlap")
    extra = {"start": c["start"][i] + 1, "end": c["end"][i] + 1,
             "region": names.index("overlap"), "level": 99,
             "thread": c["thread"][i], "task": -1}
    for k, v in extra.items():
        c[k] = np.append(c[k], np.int64(v))


def first_occurrence(keys, nkeys):
    """Index of the first element with each key (len(keys) where absent)."""
    first = np.full(nkeys, keys.size, np.int64)
    if keys.size:
        small = keys.astype(np.uint16) if nkeys < 65536 else keys
        order = np.argsort(small, kind="stable")      # radix sort for uint16
        sorted_keys = keys[order]
        heads = np.concatenate(([0], np.flatnonzero(np.diff(sorted_keys)) + 1))
        first[sorted_keys[heads]] = order[heads]
    return first


def order_rows(c, opts, rng, nnames, rank):
    """Sort one rank's calls into rows: region creation order, then thread,
    then recording order. Returns (row regions, row counts)."""
    n = c["start"].size
    if opts.tasks:
        entry = np.lexsort((c["end"], c["level"], c["start"]))
        for k in c:
            c[k] = c[k][entry]
    # creation order of the regions: first entry in time, then region index
    first = first_occurrence(c["region"], nnames)
    present = np.flatnonzero(first < n)
    first_start = c["start"][first[present]]
    created = present[np.lexsort((present, first_start))]
    rowpos = np.full(nnames, -1, np.int64)
    rowpos[created] = np.arange(created.size)
    if opts.unsorted:
        exit_order = np.lexsort((-c["level"], c["end"]))
        for k in c:
            c[k] = c[k][exit_order]
    nthreads = int(c["thread"].max()) + 1 if n else 1
    key = rowpos[c["region"]] * nthreads + c["thread"]
    if key.size and key.max() < 65536:
        key = key.astype(np.uint16)                    # radix sort
    order = np.argsort(key, kind="stable")
    for k in c:
        c[k] = c[k][order]
    counts = np.bincount(rowpos[c["region"]], minlength=created.size)
    if opts.unsorted and rank == 0 and counts.size:
        big = int(np.argmax(counts))
        a = int(counts[:big].sum())
        perm = a + rng.permutation(int(counts[big]))
        for k in c:
            c[k][a:a + counts[big]] = c[k][perm]
    return created, counts


# --------------------------------------------------------------------------
# The whole profile

def synth_profile(opts):
    if opts.schema <= 1 and (opts.threads or opts.tasks):
        raise SpecError("--threads/--tasks need schema 2 or 3")
    if opts.schema <= 1 and opts.layout == "aggregate":
        raise SpecError("--layout aggregate needs schema 2 or 3")
    if opts.calls < 0 or opts.ranks < 1 or opts.regions < 1 or opts.depth < 1:
        raise SpecError("--calls must be >= 0, --ranks, --regions and --depth >= 1")
    if opts.shape == "template":
        names = list(dict.fromkeys(n for n, *_ in template_tree(opts.depth)))
    else:
        names = region_names(opts.regions, opts.names == "tricky")
    p = Profile(schema=opts.schema, layout=opts.layout, strings=opts.strings)
    parts = {k: [] for k in ("start", "end", "thread", "task", "region")}
    local_rows = []
    for rank in range(opts.ranks):
        c, rng = rank_calls(opts, rank, names)
        created, counts = order_rows(c, opts, rng, len(names), rank)
        for k in parts:
            parts[k].append(c[k])
        local_rows.append((rank, created, counts))
    ev = {k: np.concatenate(v) for k, v in parts.items()}
    # region ids in first-appearance write order
    used = []
    for _, created, _ in local_rows:
        used.extend(int(r) for r in created if int(r) not in used)
    p.names = [names[r] for r in used]
    gid = {r: i for i, r in enumerate(used)}
    for rank, created, counts in local_rows:
        for r, cnt in zip(created, counts):
            name = names[r]
            p.row_rank.append(rank)
            p.row_region.append(gid[int(r)])
            p.row_count.append(int(cnt))
            p.row_source_file.append("solver.py")
            p.row_source_line.append(10 + 7 * int(r))
            p.row_source_text.append(f"    with profile_region({name!r}):")
            p.row_tags.append(["hot", "gpu"] if name in GPU_NAMES else
                              (["setup"] if name == "setup" else None))
            p.row_columns.append(set())
    p.events = {"start": ev["start"], "end": ev["end"]}
    if opts.threads or opts.tasks:
        p.events["thread_ids"] = ev["thread"]
    if opts.tasks:
        p.events["task_ids"] = ev["task"]
        dur = ev["end"] - ev["start"]
        rng = np.random.default_rng([opts.seed, 1 << 20])
        wait = (rng.random(dur.size) * dur).astype(np.int64)
        p.events["await_ns"] = np.where(ev["task"] >= 0, wait, 0)
    if opts.gpu:
        dur = ev["end"] - ev["start"]
        on_gpu = np.isin(ev["region"], [i for i, n in enumerate(names) if n in GPU_NAMES])
        rng = np.random.default_rng([opts.seed, 1 << 21])
        gpu = np.where(on_gpu, dur * 7 // 10, -1)
        gpu[on_gpu & (rng.random(dur.size) < 0.01)] = -1
        p.events["gpu_durations"] = gpu
    for cols in p.row_columns:
        cols.update(k for k in p.events if k not in ("start", "end"))
    failed = []
    if opts.call_ids or opts.exclusive:
        failed = derive(p, call_ids=opts.call_ids, exclusive=opts.exclusive, strict=False)
    if not opts.exclusive and opts.schema >= 2:
        p.exclusive = [-1] * len(p.row_rank)
    if opts.layout == "aggregate":
        p.aggregate = aggregate_rows(p, strict=False)
    p.summary = opts.summary
    lo = int(ev["start"].min()) if ev["start"].size else T0
    hi = int(ev["end"].max()) if ev["end"].size else T0
    p.metadata = run_metadata(opts, lo, hi)
    if opts.threads or opts.tasks:
        p.threads, p.tasks = lane_tables(opts, lo, hi)
    if opts.extras:
        add_extras(p, opts, names)
    p.storage = parse_storage(opts.storage if opts.storage != "auto" else "contiguous",
                              chunk=opts.chunk, level=opts.gzip_level)
    if opts.storage == "auto":
        size = 8 * ev["start"].size * (2 + len(p.events))
        p.storage.layout = ("repacked" if size <= 16 * 2**20 and opts.chunk is None
                            else "chunked")
    return p, failed


def run_metadata(opts, lo, hi):
    if opts.metadata == "none":
        return None
    nthreads = max(opts.threads, 1)
    meta = {"timestamp": "2026-01-15T09:30:00+00:00",
            "platform": "Linux-6.1.0-18-amd64-x86_64-with-glibc2.36",
            "chip_information": "Synthetic CPU @ 2.40GHz",
            "python_version": "3.11.2", "scope_profiler_version": "0.7.0",
            "omp_num_threads": nthreads, "mpi_size": opts.ranks,
            "total_cores": opts.ranks * nthreads, "num_nodes": 1 + (opts.ranks - 1) // 4,
            "start_time_ns": T0 - 1_000, "finalize_time_ns": hi + 1_000}
    if opts.metadata == "full":
        meta.update({"label": "synth", "hostname": "node001", "user": "tester",
                     "uname": "Linux node001 6.1.0-18-amd64 #1 SMP x86_64",
                     "working_directory": "/scratch/tester/run",
                     "modules": ["gcc/12.2.0", "openmpi/4.1.4", "hdf5/1.10.8"],
                     "PATH": "/usr/local/bin:/usr/bin:/bin",
                     "LD_LIBRARY_PATH": "/opt/hdf5/lib",
                     "LOADEDMODULES": "gcc/12.2.0:openmpi/4.1.4:hdf5/1.10.8",
                     "SLURM_JOB_ID": "4242", "SLURM_NTASKS": str(opts.ranks),
                     "SLURM_JOB_NODELIST": "node[001-004]"})
    return meta


def lane_tables(opts, lo, hi):
    span = hi - T0
    nthreads = max(opts.threads, 1)
    threads, tasks = [], []
    for rank in range(opts.ranks):
        for i in range(nthreads):
            threads.append({"ranks": rank, "index": i, "ident": 139800000000000 + 4096 * i,
                            "native_id": 10000 * (rank + 1) + i, "daemon": int(i % 2 == 1),
                            "name": "MainThread" if i == 0 else f"worker-{i}",
                            "start_ns": 0 if i == 0 else 1_000 * i,
                            "end_ns": -1 if i == 0 else span + 2_000 * i,
                            "cpu_ns": span // 2 + i})
        for k in range(opts.tasks):
            tasks.append({"ranks": rank, "index": k,
                          "kind": "greenlet" if k % 4 == 3 else "task",
                          "name": f"Task-{k + 1}", "coro_name": "pipeline.<locals>.stage",
                          "thread_index": k % nthreads, "created_ns": 500 * k,
                          "done_ns": -1 if k == 0 else span + 100 * k,
                          "steps": 3 + k, "running_ns": span // 3,
                          "suspended_ns": span // 3 + k})
    return threads, tasks


def add_extras(p, opts, names):
    """LIKWID, line profiles, perf events (schema >= 2) and event metadata (3)."""
    t = max(opts.threads, 1)
    for rank in range(opts.ranks):
        p.likwid[rank] = {
            "env": {"LIKWID_MODE": "1", "LIKWID_EVENTS": "CLOCK",
                    "LIKWID_THREADS": ",".join(str(i) for i in range(t))},
            "regions": [
                {"tag": "solve", "group_id": 0, "group_name": "CLOCK",
                 "source": "marker_api",
                 "event_names": ["INSTR_RETIRED_ANY", "CPU_CLK_UNHALTED_CORE",
                                 "CPU_CLK_UNHALTED_CORE"],
                 "counter_names": ["FIXC0", "FIXC1", "PMC0"],
                 "metric_names": ["Runtime (RDTSC) [s]", "CPI"],
                 "cpus": list(range(t)), "times": [0.5 + 0.1 * i for i in range(t)],
                 "call_counts": [10] * t,
                 "events": [[1e9 + i for i in range(t)], [2e9] * t, [2.1e9] * t],
                 "metrics": [[0.5] * t, [float("nan")] + [float("inf")] * (t - 1)]},
                {"tag": "kernel/inner", "group_id": -1, "group_name": "",
                 "source": "marker_file", "event_names": [], "counter_names": None,
                 "metric_names": [], "cpus": list(range(t)), "times": [0.0] * t,
                 "call_counts": [0] * t, "events": [], "metrics": []},
            ]}
        records = []
        for i in range(12):
            rec = {"region": names[i % len(names)], "filename": "solver.py",
                   "function": f"step_{i}", "first_lineno": 100 + 10 * i,
                   "unit": 1e-9 if i % 2 == 0 else 1e-6,
                   "line_numbers": [101 + 10 * i, 102 + 10 * i, 104 + 10 * i],
                   "hits": [1, 10 * (i + 1), 0], "times": [1500.0, 2.5e4 * (i + 1), 0.0]}
            if i == 0:
                rec["source"] = "def step_0():\n    x = 1\n    y = work(x)\n\n    return y"
                rec["source_first_lineno"] = 100
            records.append(rec)
        p.line_profile[rank] = records
        if p.schema >= 2:
            ranks = np.asarray(p.row_rank)
            perf = {}
            for i in np.flatnonzero(ranks == rank)[:3]:
                perf[p.names[p.row_region[i]]] = {
                    "calls": p.row_count[i],
                    "values": {"cycles": 1000 * p.row_count[i] + 7,
                               "instructions": 2500 * p.row_count[i],
                               "cache-misses": 3 * p.row_count[i], "task-clock": 123456}}
            p.perf_events[rank] = perf
    if p.schema >= 3 and p.layout == "aggregate":
        p.event_metadata = []                   # exists, empty, like the index columns
    elif p.schema >= 3:
        counts = np.asarray(p.row_count)
        texts = ["[]"] * counts.size
        for rank in range(opts.ranks):
            mine = np.flatnonzero((np.asarray(p.row_rank) == rank) & (counts > 0))
            if mine.size:
                row = int(mine[np.argmin(counts[mine])])
                texts[row] = metadata_text(min(int(counts[row]), 100_000), int(counts[row]))
        p.event_metadata = texts


def metadata_text(k, count):
    """JSON list of count per-call dicts; only the first k carry keys."""
    items = []
    for i in range(k):
        if i % 7 == 3:
            items.append('{"iteration": %d, "status": "error", '
                         '"exception": "ValueError(\'bad input\')"}' % i)
        else:
            items.append('{"iteration": %d, "phase": "\\u00e9"}' % i if i % 5 == 1
                         else '{"iteration": %d}' % i)
    items.extend(["{}"] * (count - k))
    return "[" + ", ".join(items) + "]"


DEFAULTS = {"schema": 3, "layout": "columnar", "ranks": 1, "calls": 10_000,
            "regions": 8, "depth": 6, "shape": "template", "names": "plain",
            "threads": 0, "tasks": 0, "gpu": False, "call_ids": False,
            "storage": "auto", "chunk": None, "gzip_level": 4, "strings": "vstr",
            "summary": False, "exclusive": False, "metadata": "minimal",
            "extras": False, "unsorted": False, "overlap": False, "seed": 1}


def synth_options(**overrides):
    """The synth options with their defaults (for callers other than the CLI)."""
    from types import SimpleNamespace
    unknown = set(overrides) - set(DEFAULTS)
    if unknown:
        raise SpecError(f"unknown synth option(s): {', '.join(sorted(unknown))}")
    return SimpleNamespace(**{**DEFAULTS, **overrides})
