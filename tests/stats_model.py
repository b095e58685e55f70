"""stats_model: the reference's region summary, in Python and numpy.

Written from doc/stats.md (and doc/calls.md) for tests/check-stats.py,
independently of sp's C code: profiles are read with h5py, durations go through
numpy as the reference passes them (float64 arrays of seconds, or int64 arrays
for the per-rank records), and the table is drawn as print_summary draws it
("Columns" to "Title and empty tables") with sp's command hints.  sp's own
fields (wall time, the ranks' spread, Caliper's imbalance, the lanes) follow
sp-stats(1).  Where sp fixes a bug of the reference, the model does what sp
documents: GPU times of -1 (none for the call) are left out of the sums.
"""

import bisect
import json
import math
import os
import re

import h5py
import numpy as np

SESSION = "scope_profiler.session"


def sec(x):
    return float(x) / 1e9


class Entry:
    def __init__(self, rank, starts, ends, gpu=None, threads=None, tasks=None,
                 excl=None, tags=()):
        self.rank = rank
        self.starts = np.asarray(starts, dtype=np.int64)
        self.ends = np.asarray(ends, dtype=np.int64)
        self.dur = self.ends - self.starts
        self.n = len(self.dur)
        self.gpu = gpu            # int64 array kept as the reader keeps it
        self.threads = threads
        self.tasks = tasks
        self.stored_excl = excl   # exclusive_totals >= 0, or None
        self.tags = list(tags)
        self.excl = None          # per call, from the whole tree
        self.wall = 0             # outermost calls, ns


class Profile:
    pass


# ---------------------------------------------------------------------------
# Reading

def _vlist(ds):
    return [int(x) for x in ds[()]]


def _read_schema1(f, p):
    ranks = sorted((int(k[4:]), k) for k in f if re.fullmatch(r"rank[0-9]+", k))
    p.num_ranks = len(ranks)
    for rank, key in ranks:
        if "regions" not in f[key]:
            continue
        for name in f[key]["regions"]:
            g = f[key]["regions"][name]
            if name not in p.regions:
                p.regions[name] = {}
                p.order.append(name)
            gpu = None
            if "gpu_durations" in g:
                gpu = np.asarray(g["gpu_durations"][()], dtype=np.int64)
                if not (gpu >= 0).any():
                    gpu = None
            tags = [t.decode() if isinstance(t, bytes) else t
                    for t in g.attrs.get("tags", [])]
            p.regions[name][rank] = Entry(rank, _vlist(g["start_times"]),
                                          _vlist(g["end_times"]), gpu, tags=tags)


def _read_columnar(f, p):
    names = list(f["region_table/names"].asstr()[()])
    p.order = list(names)
    for n in names:
        p.regions[n] = {}
    idx = f["rank_region_index"]
    rids, ranks = idx["region_ids"][()], idx["ranks"][()]
    offs, cnts = idx["event_offsets"][()], idx["event_counts"][()]
    excl = idx["exclusive_totals"][()] if "exclusive_totals" in idx else None
    tags = list(idx["tags"].asstr()[()]) if "tags" in idx else None
    ev = f["events"]
    if "start_deltas" in ev:
        deltas, durs = ev["start_deltas"][()], ev["durations"][()]
    else:
        s_all, e_all = ev["start_times"][()], ev["end_times"][()]
    col = {k: ev[k][()] for k in ("gpu_durations", "thread_ids", "task_ids")
           if k in ev}
    for j, (rid, rank, off, cnt) in enumerate(zip(rids, ranks, offs, cnts)):
        a, b = int(off), int(off) + int(cnt)
        if "start_deltas" in ev:
            s = np.cumsum(deltas[a:b]) if b > a else np.zeros(0, np.int64)
            e = s + durs[a:b]
        else:
            s, e = s_all[a:b], e_all[a:b]
        gpu = col["gpu_durations"][a:b] if "gpu_durations" in col else None
        if gpu is not None and not (gpu >= 0).any():
            gpu = None
        x = int(excl[j]) if excl is not None and int(excl[j]) >= 0 else None
        t = json.loads(tags[j] or "[]") if tags is not None else []
        p.regions[names[int(rid)]][int(rank)] = Entry(
            int(rank), s, e, gpu,
            col["thread_ids"][a:b] if "thread_ids" in col else None,
            col["task_ids"][a:b] if "task_ids" in col else None, x, t)
    mpi = int(p.meta.get("mpi_size", 1))
    p.num_ranks = max(mpi, int(ranks.max()) + 1) if len(ranks) else 0


def _lane_tables(f, p):
    p.threads, p.tasks = {}, {}
    for key, dest in (("thread_table", p.threads), ("task_table", p.tasks)):
        if key not in f:
            continue
        t = f[key]
        cols = {k: t[k][()] for k in t}
        for i in range(len(cols["ranks"])):
            row = {k: (v[i].decode() if isinstance(v[i], bytes) else v[i])
                   for k, v in cols.items()}
            dest.setdefault(int(row["ranks"]), []).append(row)


def read_profile(path):
    p = Profile()
    p.path = path
    p.regions, p.order = {}, []
    p.threads, p.tasks = {}, {}
    with h5py.File(path, "r") as f:
        p.meta = dict(f["metadata"].attrs) if "metadata" in f else {}
        version = int(f.attrs.get("scope_profiler_schema", 1))
        if version == 1:
            _read_schema1(f, p)
        else:
            _read_columnar(f, p)
            _lane_tables(f, p)
    label = p.meta.get("label")
    p.label = label.decode() if isinstance(label, bytes) else label
    p.ncalls = sum(e.n for r in p.regions.values() for e in r.values())
    p.rank_tree = {}
    _reconstruct_all(p)
    return p


# ---------------------------------------------------------------------------
# Reconstruction (doc/calls.md)

def lane_of(e, i):
    task = int(e.tasks[i]) if e.tasks is not None else -1
    thread = int(e.threads[i]) if e.threads is not None else -1
    if task >= 0:
        return task
    if thread >= 0:
        return -2 - thread
    return -1


def rank_calls(p, regions, rank):
    """The rank's calls over regions, in the reference's sorted order, each
    [name, call index, start, end, lane, depth, parent position]."""
    calls = []
    any_lane = False
    for name in regions:
        e = p.regions[name].get(rank)
        if e is None:
            continue
        if e.threads is not None:
            any_lane = True
        for i in range(e.n):
            calls.append([name, i, int(e.starts[i]), int(e.ends[i]), lane_of(e, i)])
    calls.sort(key=lambda c: (c[2], -c[3]))          # stable
    if not any_lane:
        for c in calls:
            c[4] = -1
    by_lane = {}
    for pos, c in enumerate(calls):
        by_lane.setdefault(c[4], []).append(pos)
    for idx in by_lane.values():
        S = [2 * calls[i][2] for i in idx]
        E = sorted(2 * calls[i][3] if calls[i][3] != calls[i][2]
                   else 2 * calls[i][2] + 1 for i in idx)
        last = {}
        for k, i in enumerate(idx):
            d = k - bisect.bisect_right(E, S[k])
            calls[i] += [d, last.get(d - 1, -1) if d > 0 else -1]
            last[d] = i
    return calls


def get_regions(p, include=None, exclude=None):
    names = p.order
    if include is not None:
        names = [n for n in names if any(re.match(x, n) for x in include)]
    if exclude is not None:
        names = [n for n in names if not any(re.match(x, n) for x in exclude)]

    def first(name):
        v = [float(np.min(e.starts)) / 1e9 if e.n else 0.0
             for e in p.regions[name].values()]
        return min(v) if v else float("inf")
    return sorted(names, key=first)


def _reconstruct_all(p):
    """Exclusive ns per call and the outermost calls, over every region."""
    regions = get_regions(p)
    ranks = sorted({r for e in p.regions.values() for r in e})
    for rank in ranks:
        calls = rank_calls(p, regions, rank)
        excl = [c[3] - c[2] for c in calls]
        for c in calls:
            if c[6] >= 0:
                excl[c[6]] -= c[3] - c[2]
        for name in regions:
            e = p.regions[name].get(rank)
            if e is not None:
                e.excl = np.zeros(e.n, np.int64)
        for k, c in enumerate(calls):
            e = p.regions[c[0]][rank]
            e.excl[c[1]] = excl[k]
            up, outer = c[6], True
            while up >= 0:
                if calls[up][0] == c[0]:
                    outer = False
                    break
                up = calls[up][6]
            if outer:
                e.wall += c[3] - c[2]
        p.rank_tree[rank] = (calls, excl)


# ---------------------------------------------------------------------------
# Selections: sp-stats -r, -i, -x

class Selection:
    def __init__(self, ranks=None, include=None, exclude=None):
        self.ranks = ranks
        self.include = include
        self.exclude = exclude

    def entries(self, p, name):
        return [e for r, e in sorted(p.regions[name].items())
                if self.ranks is None or r in self.ranks]

    def regions(self, p):
        """The regions listed: kept by the filters, with a row somewhere."""
        return [n for n in get_regions(p, self.include, self.exclude)
                if p.regions[n]]


def entry_total(e):
    return float(np.sum(e.dur)) / 1e9 if e.n else 0.0


def entry_excl(e):
    if not e.n:
        return 0.0
    if e.stored_excl is not None:
        return e.stored_excl / 1e9
    return float(np.sum(e.excl)) / 1e9


def entry_excl_ns(e):
    if not e.n:
        return 0
    return e.stored_excl if e.stored_excl is not None else int(np.sum(e.excl))


def gpu_values(e):
    return e.gpu[e.gpu >= 0] if e.gpu is not None and e.n else None


def pooled(entries):
    values = [e.dur / 1e9 for e in entries if e.n]
    return np.concatenate(values) if values else np.array([], dtype=float)


def first_last(entries):
    timed = [e for e in entries if e.n]
    if not timed:
        return None, None
    f = min(timed, key=lambda e: float(np.min(e.starts)) / 1e9)
    last = max(timed, key=lambda e: float(np.max(e.ends)) / 1e9)
    return float(f.dur[0]) / 1e9, float(last.dur[-1]) / 1e9


def rank_imbalance(entries):
    totals = [t for t in (entry_total(e) for e in entries) if t > 0]
    if len(totals) < 2:
        return 0.0, 0.0
    ratio = float(max(totals) / np.mean(totals))
    return ratio, (ratio - 1.0) * 100.0 if ratio else 0.0


def spread(entries):
    totals = [entry_total(e) for e in entries]
    if not totals:
        return 0.0, 0.0, 0.0, 0, 0.0
    mx = max(totals)
    mean = float(np.mean(np.array(totals)))
    slow = entries[totals.index(mx)].rank
    return min(totals), mean, mx, slow, (mx / mean - 1.0 if mean > 0 else 0.0)


def summary_record(p, name, entries):
    pool = pooled(entries)
    first, last = first_last(entries)
    ratio, pct = rank_imbalance(entries)
    d = {"name": name, "num_ranks": len(entries),
         "num_calls": sum(e.n for e in entries),
         "total_duration": sum(entry_total(e) for e in entries)}
    d["inclusive_duration"] = d["total_duration"]
    d["exclusive_duration"] = sum(entry_excl(e) for e in entries)
    z = pool.size > 0
    d["average_duration"] = float(np.mean(pool)) if z else 0.0
    d["min_duration"] = float(np.min(pool)) if z else 0.0
    d["max_duration"] = float(np.max(pool)) if z else 0.0
    d["first_duration"] = first if first is not None else 0.0
    d["last_duration"] = last if last is not None else 0.0
    d["std_duration"] = float(np.std(pool)) if z else 0.0
    gpus = [e for e in entries if gpu_values(e) is not None]
    if gpus:
        d["gpu_total_duration"] = float(sum(float(np.sum(gpu_values(e))) / 1e9
                                            for e in gpus))
        g = np.concatenate([gpu_values(e) / 1e9 for e in gpus])
        d["gpu_average_duration"] = float(np.mean(g)) if g.size else None
    d["tags"] = entries[0].tags if entries else []
    for q in (50, 95, 99):
        d[f"p{q}_duration"] = float(np.percentile(pool, q)) if z else 0.0
    d["rank_imbalance"] = ratio
    d["rank_imbalance_pct"] = pct
    for q in (50, 95, 99):
        d[f"p{q}"] = d[f"p{q}_duration"]
    d["imbalance"] = pct
    # sp's own
    d["wall_duration"] = sum(sec(e.wall) if e.n else 0.0 for e in entries)
    d["total_ns"] = sum(int(np.sum(e.dur)) for e in entries)
    d["exclusive_ns"] = sum(entry_excl_ns(e) for e in entries)
    d["wall_ns"] = sum(e.wall for e in entries)
    mn, mean, mx, slow, cal = spread(entries)
    d.update({"rank_total_min": mn, "rank_total_mean": mean,
              "rank_total_max": mx, "slowest_rank": slow,
              "imbalance_caliper": cal})
    return d


def summary(p, sel):
    return [summary_record(p, n, sel.entries(p, n)) for n in sel.regions(p)]


# ---------------------------------------------------------------------------
# Per-rank records and lanes

def rank_record(p, name, e, region):
    n = e.n
    d = {"name": name, "rank": e.rank, "num_calls": n,
         "total_duration": entry_total(e)}
    d["inclusive_duration"] = d["total_duration"]
    d["exclusive_duration"] = entry_excl(e)
    d["average_duration"] = float(np.mean(e.dur)) / 1e9 if n else 0.0
    d["min_duration"] = float(np.min(e.dur)) / 1e9 if n else 0.0
    d["max_duration"] = float(np.max(e.dur)) / 1e9 if n else 0.0
    d["first_duration"] = float(e.dur[0]) / 1e9 if n else 0.0
    d["last_duration"] = float(e.dur[-1]) / 1e9 if n else 0.0
    d["std_duration"] = float(np.std(e.dur)) / 1e9 if n else 0.0
    g = gpu_values(e)
    if g is not None:
        d["gpu_total_duration"] = float(np.sum(g)) / 1e9
        d["gpu_average_duration"] = (float(np.mean(g)) / 1e9 if g.size
                                     else 0.0)
    for q in (50, 95, 99):
        d[f"p{q}_duration"] = (float(np.percentile(e.dur, q)) / 1e9 if n
                               else 0.0)
    d["total_ns"] = int(np.sum(e.dur))
    d["exclusive_ns"] = entry_excl_ns(e)
    d["wall_duration"] = e.wall / 1e9
    d["wall_ns"] = e.wall
    mean = region["rank_total_mean"]
    d["excess_over_mean"] = d["total_duration"] / mean - 1.0 if mean > 0 \
        else 0.0
    for k in ("rank_total_min", "rank_total_mean", "rank_total_max",
              "slowest_rank", "imbalance_caliper"):
        d[k] = region[k]
    return d


def rank_records(p, sel):
    out = []
    for name in sel.regions(p):
        entries = sel.entries(p, name)
        region = summary_record(p, name, entries)
        out += [rank_record(p, name, e, region) for e in entries]
    return out


def lane_label(p, rank, lane):
    threads = p.threads.get(rank, [])
    tasks = p.tasks.get(rank, [])

    def thread_label(k):
        for t in threads:
            if int(t["index"]) == k:
                return str(t["name"])
        return f"thread {k}"
    if lane >= 0:
        for t in tasks:
            if int(t["index"]) == lane:
                tail = str(t["coro_name"]).rsplit(".", 1)[-1]
                return (f"{t['name']} ({tail}) on "
                        f"{thread_label(int(t['thread_index']))}")
        return f"task {lane}"
    if lane == -1:
        return "unknown lane"
    return thread_label(-2 - lane)


def lane_records(p, sel):
    regions = sel.regions(p)
    rows = {}
    for rank in sorted(p.rank_tree):
        if sel.ranks is not None and rank not in sel.ranks:
            continue
        calls, excl = p.rank_tree[rank]
        outer = {}
        for k, c in enumerate(calls):
            if c[0] not in regions:
                continue
            up, is_outer = c[6], True
            while up >= 0:
                if calls[up][0] == c[0]:
                    is_outer = False
                    break
                up = calls[up][6]
            r = rows.setdefault((regions.index(c[0]), rank, c[4]), [])
            r.append((c[3] - c[2], excl[k], is_outer))
    out = []
    for (ri, rank, lane) in sorted(rows):
        v = rows[(ri, rank, lane)]
        d = np.array([x[0] for x in v], dtype=np.int64)
        f = d.astype(np.float64)
        name = "rank %d" % rank if lane == -1 else \
            f"rank {rank} - {lane_label(p, rank, lane)}"
        tot, ex = int(d.sum()), sum(x[1] for x in v)
        wall = sum(x[0] for x in v if x[2])
        rec = {"name": regions[ri], "rank": rank, "lane": lane,
               "lane_name": name, "num_calls": len(v),
               "total_duration": tot / 1e9, "exclusive_duration": ex / 1e9,
               "wall_duration": wall / 1e9,
               "average_duration": float(tot) / float(len(v)) / 1e9,
               "min_duration": int(d.min()) / 1e9,
               "max_duration": int(d.max()) / 1e9,
               "std_duration": float(np.std(f)) / 1e9}
        for q in (50, 95, 99):
            rec[f"p{q}_duration"] = float(np.percentile(f, q)) / 1e9
        rec.update({"total_ns": tot, "exclusive_ns": ex, "wall_ns": wall})
        out.append(rec)
    return out


# ---------------------------------------------------------------------------
# The display rows ("Flat rows", "The call tree")

def origin(p):
    if "start_time_ns" in p.meta:
        return int(p.meta["start_time_ns"]) / 1e9
    firsts = [float(np.min(e.starts)) / 1e9 for r in p.regions.values()
              for e in r.values() if e.n]
    return min(firsts) if firsts else 0.0


def union(intervals):
    """The coverage of one rank's intervals, added to a running total."""
    total = 0.0
    cur = None
    for s, e in sorted(intervals):
        if cur is not None and s <= cur[1]:
            cur[1] = max(cur[1], e)
            continue
        if cur is not None:
            total += cur[1] - cur[0]
        cur = [s, e]
    return total, cur


def coverage(by_rank):
    acc = 0.0
    for intervals in by_rank:
        t, cur = None, None
        for s, e in sorted(intervals):
            if cur is not None and s <= cur[1]:
                cur[1] = max(cur[1], e)
                continue
            if cur is not None:
                acc += cur[1] - cur[0]
            cur = [s, e]
        if cur is not None:
            acc += cur[1] - cur[0]
    return acc


def flat_row(p, name, entries):
    pool = pooled(entries)
    first, last = first_last(entries)
    row = {"name": name, "num_ranks": len(entries),
           "calls": sum(e.n for e in entries), "fallback": True, "depth": 0,
           "recursive": False, "call_path": None, "parent_coverage": None}
    z = pool.size > 0
    row["total"] = float(np.sum(pool)) if z else None
    row["avg"] = float(np.mean(pool)) if z else None
    row["min"] = float(np.min(pool)) if z else None
    row["max"] = float(np.max(pool)) if z else None
    row["std"] = float(np.std(pool)) if z else None
    for q in (50, 95, 99):
        row[f"p{q}"] = float(np.percentile(pool, q)) if z else None
    row["first"], row["last"] = first, last
    row["imbalance"] = rank_imbalance(entries)[1]
    timed = [e for e in entries if e.n]
    row["coverage"] = coverage([[(sec(s), sec(t)) for s, t in
                                 zip(e.starts, e.ends)] for e in timed]) \
        if timed else None
    row["exclusive"] = sum(entry_excl(e) for e in entries)
    gpus = [gpu_values(e) for e in entries if gpu_values(e) is not None]
    row["gpu_total"] = sum(float(np.sum(g)) / 1e9 for g in gpus) if gpus \
        else None
    ng = sum(len(g) for g in gpus)
    row["gpu_avg"] = row["gpu_total"] / ng if gpus and ng else None
    starts = [float(np.min(e.starts)) / 1e9 for e in p.regions[name].values()
              if e.n]
    row["start"] = min(starts) if starts else float("inf")
    row["wall_ns"] = sum(e.wall for e in entries)
    return row


def _tree_calls(p, sel, rank, regions):
    """Each call of the filtered tree: (path, full path length, call)."""
    calls = rank_calls(p, regions, rank)
    paths = []
    for c in calls:
        names, up = [c[0]], c[6]
        while up >= 0:
            names.append(calls[up][0])
            up = calls[up][6]
        elems = " > ".join(reversed(names)).split(" > ")
        col = tuple(x for i, x in enumerate(elems) if i == 0 or x != elems[i - 1])
        # the whole tree's exclusive time of this very call: the reference
        # matches calls on (name, start, end), which mixes up calls with
        # the same interval (a bug sp fixes, sp-stats(1))
        paths.append((col, len(col) != len(elems), c,
                      int(p.regions[c[0]][rank].excl[c[1]])))
    return paths


def display_rows(p, sel, folded=False):
    """The table's rows; folded: sp-stats --approx past -S, where every
    region has its flat row and no path has one."""
    regions = sel.regions(p)
    org = origin(p)
    visit = sel.ranks if sel.ranks is not None else range(p.num_ranks)
    groups, order = {}, []
    for rank in visit:
        if rank not in p.rank_tree:
            continue
        for col, rec, c, x in _tree_calls(p, sel, rank, regions):
            g = groups.get(col)
            if g is None:
                g = groups[col] = {"calls": [], "recursive": False}
                order.append(col)
            g["recursive"] |= rec
            g["calls"].append((rank, c, x))
    rows = [] if folded else \
        [_path_row(p, col, groups[col], org) for col in order]
    by_path = {r["path"]: r for r in rows}
    for r in rows:
        parent = by_path.get(r["path"][:-1])
        r["parent_coverage"] = parent["coverage"] if parent else None
        r["parent"] = parent
    names = {r["name"] for r in rows}
    for n in regions:
        if n not in names:
            rows.append(flat_row(p, n, sel.entries(p, n)))
    return rows


def _path_row(p, col, g, org):
    calls = g["calls"]
    durs = [sec(c[3] - c[2]) for _, c, _ in calls]
    rel = [(sec(c[2]) - org, sec(c[3]) - org) for _, c, _ in calls]
    ranks = []
    for rank, _, _ in calls:
        if rank not in ranks:
            ranks.append(rank)
    per = [sum(d for (r, _, _), d in zip(calls, durs) if r == rank)
           for rank in ranks]
    if len(per) < 2:
        imb = 0.0
    else:
        mean = float(np.mean(per))
        imb = (max(per) / mean - 1.0) * 100.0 if mean > 0 else 0.0
    fi = min(range(len(rel)), key=lambda i: rel[i][0])
    la = max(range(len(rel)), key=lambda i: rel[i][1])
    gpu = []
    for rank, c, _ in calls:
        e = p.regions[c[0]][rank]
        if e.gpu is not None and e.gpu[c[1]] >= 0:
            gpu.append(sec(e.gpu[c[1]]))
    a = np.array(durs)
    wall = 0
    for rank, c, _ in calls:
        pass
    row = {"path": col, "name": col[-1], "call_path": " > ".join(col),
           "depth": len(col) - 1, "num_ranks": len(ranks),
           "calls": len(calls), "total": float(np.sum(a)),
           "avg": float(np.mean(a)), "min": float(np.min(a)),
           "max": float(np.max(a)), "std": float(np.std(a)),
           "first": durs[fi], "last": durs[la],
           "exclusive": sum(sec(x) for _, _, x in calls),
           "coverage": coverage([[iv for (r, _, _), iv in zip(calls, rel)
                                  if r == rank] for rank in ranks]),
           "imbalance": imb, "recursive": g["recursive"],
           "start": rel[fi][0], "fallback": False}
    for q in (50, 95, 99):
        row[f"p{q}"] = float(np.percentile(a, q))
    row["gpu_total"] = sum(gpu) if gpu else None
    row["gpu_avg"] = sum(gpu) / len(gpu) if gpu else None
    row["wall_ns"] = _path_wall(calls)
    return row


def _path_wall(calls):
    """The outermost calls of the path, per lane: not inside another."""
    wall, ends = 0, {}
    for rank, c, _ in calls:
        key = (rank, c[4])
        if key in ends and c[2] < ends[key]:
            continue
        ends[key] = c[3]
        wall += c[3] - c[2]
    return wall


# ---------------------------------------------------------------------------
# Order ("Order of the rows")

def ordered(rows, sort):
    if sort in (None, "start"):
        index = {id(r): i for i, r in enumerate(rows)}
        kids = {}
        roots = []
        for r in rows:
            par = r.get("parent")
            if par is None:
                roots.append(r)
            else:
                kids.setdefault(id(par), []).append(r)

        def key(r):
            return (r["start"], index[id(r)])
        out = []

        def visit(r):
            out.append(r)
            for k in sorted(kids.get(id(r), []), key=key):
                visit(k)
        for r in sorted(roots, key=key):
            visit(r)
        return out
    rows = sorted(rows, key=lambda r: r["name"])
    if sort != "name":
        rows = sorted(rows, key=lambda r: (r[sort] is not None, r[sort] or 0),
                      reverse=True)
    return rows


def _opt(v):
    return None if v is None or (isinstance(v, float) and math.isinf(v)) \
        else v


def path_records(p, sel, folded=False):
    out = []
    for r in ordered(display_rows(p, sel, folded), "start"):
        d = {"call_path": r["call_path"], "name": r["name"], "depth": r["depth"],
             "num_ranks": r["num_ranks"], "num_calls": r["calls"]}
        for k, key in (("total", "total_duration"), ("avg", "average_duration"),
                       ("min", "min_duration"), ("max", "max_duration"),
                       ("first", "first_duration"), ("last", "last_duration"),
                       ("std", "std_duration"), ("p50", "p50_duration"),
                       ("p95", "p95_duration"), ("p99", "p99_duration"),
                       ("exclusive", "exclusive_duration"),
                       ("coverage", "coverage")):
            d[key] = r[k]
        d["imbalance"] = r["imbalance"]
        if r["gpu_total"] is not None:
            d["gpu_total_duration"] = r["gpu_total"]
            d["gpu_average_duration"] = r["gpu_avg"]
        d["recursive"] = r["recursive"]
        d["start"] = _opt(r["start"])
        d["wall_duration"] = r["wall_ns"] / 1e9
        d["wall_ns"] = r["wall_ns"]
        d["fallback"] = r["fallback"]
        out.append(d)
    return out


# ---------------------------------------------------------------------------
# The text ("Columns" to "Title and empty tables")

TABLE_COLUMNS = ("region", "ranks", "calls", "total", "percent",
                 "parent_percent", "avg", "gpu_total", "gpu_avg", "min", "max",
                 "first", "last", "std", "p50", "p95", "p99", "imbalance")
HEADERS = {"region": "region", "ranks": "ranks", "calls": "n",
           "total": "total [s]", "percent": "% session",
           "parent_percent": "% parent", "avg": "avg/call [s]",
           "gpu_total": "gpu total [s]", "gpu_avg": "gpu avg [s]",
           "min": "min [s]", "max": "max [s]", "first": "first [s]",
           "last": "last [s]", "std": "std [s]", "p50": "p50 [s]",
           "p95": "p95 [s]", "p99": "p99 [s]", "imbalance": "imbalance [%]"}
HINTS = [
    "",
    "Explore:",
    "  Ranks:   sp-read P | sp-stack | sp-stats --by rank",
    "  Paths:   sp-read P | sp-stack | sp-stats --call-paths",
    "  Calls:   sp-read P | sp-stack | sp-json --lines",
    "",
    "Visualize and export:",
    "  Flame:   sp-read P | sp-stack | sp-flame -o flame.svg",
    "  Profile: sp-read P | sp-stack | sp-pstats -o profile.prof",
    "  Trace:   sp-read P | sp-stack | sp-speedscope -o profile.speedscope.json",
    "  JSON:    sp-read P | sp-json -o profile.json.gz",
    "",
]


def fmt_count(n):
    for t, s in ((1_000_000_000, "B"), (1_000_000, "M"), (1000, "k")):
        if n >= t:
            return f"{n / t:.3g}{s}"
    return str(n)


def fmt_pct(v, d):
    if v is None or d is None or d <= 0:
        return "-"
    return f"{100.0 * v / d:.2f}%"


def fmt(v, f):
    return "-" if v is None else f % v


def cells(r, own, cols, session, mode, calls_shown):
    depth = r["depth"] + (1 if own else 0)
    prefix = "" if depth == 0 else "│ " * (depth - 1) + "└─ "
    ind = " " * len(prefix)
    out = []
    for c in cols:
        if own:
            ex = r["exclusive"]
            v = {"region": prefix + "(own)", "total": ind + fmt(ex, "%.6f"),
                 "percent": ind + fmt_pct(ex, session),
                 "parent_percent": ind + fmt_pct(ex, r["coverage"]),
                 "avg": ind + ("-" if ex is None else "%.3e" % (ex / r["calls"]))
                 }.get(c, "")
        elif c == "region":
            v = prefix + r["name"] + (" ↻" if r["recursive"] else "")
            if not calls_shown and r["calls"] != 1:
                v += f" ({fmt_count(r['calls'])}x)"
        elif c == "ranks":
            v = str(r["num_ranks"])
        elif c == "calls":
            v = fmt_count(r["calls"])
        elif c == "total":
            v = ind + fmt(r["total"], "%.6f")
        elif c == "percent":
            share = r["coverage"] if mode == "coverage" else \
                r["total"] if r["name"] == SESSION else r["exclusive"]
            v = ind + fmt_pct(share, session)
        elif c == "parent_percent":
            v = ind + fmt_pct(r["coverage"], r["parent_coverage"])
        elif c == "avg":
            v = ind + fmt(r["avg"], "%.3e")
        elif c == "gpu_total":
            v = fmt(r["gpu_total"], "%.6f")
        elif c == "imbalance":
            v = "%.2f" % r["imbalance"]
        else:
            v = fmt(r[c], "%.3f")
        out.append(v)
    return out


def draw(headers, lines):
    """tabulate's rounded_outline of strings, as print lines."""
    w = [len(h) + 2 for h in headers]
    for ln in lines:
        for k, c in enumerate(ln):
            w[k] = max(w[k], len(c))

    def rule(a, b):
        return a + "──".join("─" * (x + 2) for x in w) + b

    def row(cs):
        return "│" + "  ".join(" " + c.ljust(x) + " " for c, x in zip(cs, w)) + "│"
    text = "\n".join([rule("╭", "╮"), row(headers), rule("├", "┤")] +
                     [row(ln) for ln in lines] + [rule("╰", "╯")])
    return "".join(f"  {x}\n" for x in text.splitlines())


def relpath(path, cwd):
    return os.path.relpath(path, cwd)


def shell_quote(s):
    if s and re.fullmatch(r"[A-Za-z0-9_@%+=:,./-]+", s):
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"


def is_below(r, o):
    """Whether row o's path runs through row r's (r an ancestor of o)."""
    return not r["fallback"] and not o["fallback"] and \
        len(o["path"]) > len(r["path"]) and o["path"][:len(r["path"])] == r["path"]


def keep_top(rows, order, sort, top, max_depth):
    """The rows of order (the display rows rows, sorted) that --top and
    --max-depth keep: the top regions that lead by the key (rows ranked
    flat: without a key by total, largest first, as --sort total sorts;
    by start earliest first, ties by name, then row index; else in the
    sort's order), up to top rows each, with their ancestors."""
    order = [r for r in order if max_depth is None or r["depth"] <= max_depth]
    if top is None:
        return order
    index = {id(r): i for i, r in enumerate(rows)}
    if sort is None:
        kept = set(id(r) for r in order)
        rank = [r for r in ordered(rows, "total") if id(r) in kept]
    elif sort == "start":
        rank = sorted(order, key=lambda r: (r["start"], r["name"], index[id(r)]))
    else:
        rank = order
    names = []
    for r in rank:
        if r["name"] not in names and len(names) < top:
            names.append(r["name"])
    taken = {n: 0 for n in names}
    chosen = []
    for r in rank:
        if r["name"] in taken and taken[r["name"]] < top:
            taken[r["name"]] += 1
            chosen.append(r)
    keep = set(id(r) for r in chosen)
    for r in order:
        if any(is_below(r, o) for o in chosen):
            keep.add(id(r))
    return [r for r in order if id(r) in keep]


def table_text(p, sel, columns, sort, top, mode, cwd, max_depth=None):
    every = display_rows(p, sel)
    rows = ordered(every, sort)
    path = relpath(p.path, cwd)
    title = (f"{p.label} - " if p.label else "") + \
        f"{path} ({p.num_ranks} rank{'' if p.num_ranks == 1 else 's'})"
    if not rows:
        return (title + "\n" if title else "") + "  (no regions recorded)\n"
    session = next((r["total"] for r in rows if r["name"] == SESSION), None)
    rows = keep_top(every, rows, sort, top, max_depth)
    if columns is None:
        columns = ["region"] + (["percent"] if session is not None else []) + \
            ["total"]
        if any(r["gpu_total"] is not None for r in rows):
            columns += ["gpu_total", "gpu_avg"]
    shown = set(id(r) for r in rows)
    lines = []
    for r in rows:
        lines.append(cells(r, False, columns, session, mode, "calls" in columns))
        if r["fallback"]:
            continue
        kids = any(o is not r and o["call_path"] is not None and
                   o["path"][:len(r["path"])] == r["path"] for o in rows)
        if kids:
            lines.append(cells(r, True, columns, session, mode,
                               "calls" in columns))
    text = draw([HEADERS[c] for c in columns], lines)
    notes = []
    gpu = sorted({r["name"] for r in rows if r["gpu_total"] is not None and
                  r["total"] is not None and r["gpu_total"] > 2 * r["total"]})
    if gpu:
        notes.append("Warning: GPU time exceeds CPU time by more than 2x for "
                     f"{', '.join(gpu)}. This may indicate asynchronous GPU "
                     "work; CPU time can measure enqueue time rather than "
                     "device execution. Use GPU metrics or opt in to "
                     "gpu_sync_on_exit=True (disables CPU/GPU overlap).")
    notes.append("Summary: " + title)
    q = shell_quote(path)
    notes += [h.replace(" P ", f" {q} ") for h in HINTS]
    notes.append("Durations are in seconds.")
    if len(rows) > 1:
        notes.append("Regions may nest, so the summed total can exceed the "
                     "wall-clock time.")
    if any(r["recursive"] for r in rows):
        notes.append("↻ Recursive rows aggregate all invocations of that region.")
    if session is not None:
        notes.append("% session uses wall-clock coverage; overlapping recursive "
                     "calls count once." if mode == "coverage" else
                     "% session uses exclusive time for each region.")
    if any(r["total"] is None for r in rows):
        notes.append("Regions shown without timing recorded no calls on the "
                     "selected ranks.")
    W = max(len(n) for n in notes)
    box = ["", "  ╭─ Info " + "─" * max(1, W - 5) + "╮"] + \
        [f"  │ {n.ljust(W)} │" for n in notes] + ["  ╰" + "─" * (W + 2) + "╯"]
    return text + "\n".join(box) + "\n\n"
