#!/usr/bin/python3
"""check-pipeline: sp-read | sp-stack | sp-dump against the reference rules.

For many seeds this generates a random scope-profiler file with spgen synth
(random shape, tricky names, threads, tasks, unsorted rows, several ranks,
schemas 0-3, various storage), reads it back with h5py directly and
computes, from the rules of doc/calls.md, what the reference reconstruction
gives per rank and lane:

  * region order ("Region order"): the run's region order, stably sorted by
    (min over ranks of start ns) / 1e9, 0.0 for a row with no calls;
  * filters ("Region order"): Python re.match of --include / --exclude
    patterns;
  * the call list ("Order of calls", "Containment", "Lanes"): calls of the
    regions kept, concatenated in region order then recording order, stably
    sorted by (start, -end); lanes from task/thread ids; depth by doubled-time
    counting, parent = nearest preceding call of the lane one level up, self =
    duration minus the direct children's durations.

It then runs `sp-read [options] FILE | sp-stack | sp-dump`, parses the text
back and compares call by call.  Files made with --overlap must make
sp-stack fail with the message the reference rule predicts: the first
offending call, in sorted order, of the lowest lane (sp-stack reports
lanes in ascending order; the reference checks all lanes of a rank
together, a documented difference).

    /usr/bin/python3 tests/check-pipeline.py [--seeds N] [--first S] [-v]

The programs come from SP_READ, SP_STACK and SP_DUMP (meson test sets
them) or from a build tree given by SP_BUILDDIR (default: build).  Exits
77 (skipped) when h5py is missing (1 where SP_REQUIRE_ALL is set: CI
skips nothing), 1 on the first mismatch, printing the seed and the spgen
command that reproduces the file.
"""

import argparse
import bisect
import contextlib
import io
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checklib  # noqa: E402

checklib.require("h5py", "numpy")
import h5py  # noqa: E402
import numpy as np  # noqa: E402
import spgen  # noqa: E402

SP_READ = checklib.program("read")
SP_STACK = checklib.program("stack")
SP_DUMP = checklib.program("dump", "tests")

OVERLAP_TAIL = (" but ends after it. Regions must nest completely or not overlap "
                "at all - check for a missing or misordered sp_end / __exit__.")


class Mismatch(Exception):
    pass


# ---------------------------------------------------------------------------
# Random options

def choose(seed):
    """spgen synth options and sp-read options for one seed."""
    rnd = random.Random(seed)
    schema = rnd.choice([0, 1, 2, 3, 3])
    lanes_ok = schema >= 2
    o = {
        "schema": schema,
        "shape": rnd.choice(["random", "random", "template"]),
        "names": rnd.choice(["plain", "tricky", "tricky"]),
        "ranks": rnd.choice([1, 1, 2, 3]),
        "calls": rnd.choice([0, 1, 2, 5, 20, 60, 200, 600]),
        "regions": rnd.randint(1, 12),
        "depth": rnd.randint(1, 7),
        "threads": rnd.choice([0, 0, 1, 2, 3]) if lanes_ok else 0,
        "tasks": rnd.choice([0, 0, 0, 1, 3]) if lanes_ok else 0,
        "unsorted": rnd.random() < 0.4,
        "storage": rnd.choice(["contiguous", "chunked", "shuffle-gzip", "repacked"]),
        "strings": rnd.choice(["vstr", "vstr", "fixed"]),
        "overlap": seed % 6 == 5,
        "seed": seed,
    }
    if o["overlap"]:
        o["calls"] = max(o["calls"], 20)
    read = {"batch": rnd.choice([None, None, 1, 3, 64]),
            "ranks": None, "include": [], "exclude": []}
    if o["ranks"] > 1 and rnd.random() < 0.3:
        keep = sorted(rnd.sample(range(o["ranks"]), rnd.randint(1, o["ranks"])))
        if not (o["overlap"] and 0 not in keep):
            read["ranks"] = keep
    read["filter_roll"] = rnd.random()
    read["rnd"] = rnd
    return o, read


def synth_argv(o, out):
    argv = ["synth", out, "--schema", str(o["schema"]), "--shape", o["shape"],
            "--names", o["names"], "--ranks", str(o["ranks"]),
            "--calls", str(o["calls"]), "--regions", str(o["regions"]),
            "--depth", str(o["depth"]), "--threads", str(o["threads"]),
            "--tasks", str(o["tasks"]), "--storage", o["storage"],
            "--strings", o["strings"], "--seed", str(o["seed"])]
    if o["unsorted"]:
        argv.append("--unsorted")
    if o["overlap"]:
        argv.append("--overlap")
    return argv


def pick_filters(read, names):
    """Random --include/--exclude patterns over the file's region names."""
    rnd, roll = read["rnd"], read["filter_roll"]
    if not names:
        return
    if roll < 0.15 and len(names) > 1:
        name = rnd.choice(names)
        read["exclude"] = [re.escape(name) + "$"]
    elif roll < 0.25:
        chosen = rnd.sample(names, rnd.randint(1, len(names)))
        # a prefix: re.match keeps every name that starts with it
        read["include"] = [re.escape(n[:rnd.randint(1, len(n))]) if n else ""
                           for n in chosen]
    elif roll < 0.3:
        read["include"] = ["."]
        read["exclude"] = ["[a-m]"]


# ---------------------------------------------------------------------------
# The file, read with h5py

def missing_ranks_note(path, requested):
    """What sp-read says on stderr of the ranks asked for that the file
    lacks (no row and no rank group), ranges merged; "" when none."""
    if requested is None:
        return ""
    with h5py.File(path, "r") as f:
        have = {int(k[4:]) for k in f if re.fullmatch(r"rank[0-9]+", k)}
        if "rank_region_index" in f:
            have |= {int(r) for r in f["rank_region_index/ranks"][()]}
    parts = []
    for r in sorted(set(requested) - have):
        if parts and parts[-1][1] == r - 1:
            parts[-1][1] = r
        else:
            parts.append([r, r])
    if not parts:
        return ""
    s = "s" if len(parts) > 1 or parts[0][0] != parts[0][1] else ""
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in parts)
    return (f"sp-read: {path}: the profile has no rank{s} {text} that "
            "--ranks asks for\n")


def read_h5(path):
    """{"order": [names in run order], "data": {name: {rank: cols}}}.

    cols = (starts, ends, thread_ids or None, task_ids or None) as int lists
    in recording order."""
    data = {}
    order = []
    with h5py.File(path, "r") as f:
        version = int(f.attrs.get("scope_profiler_schema", 1))
        if version == 1:
            ranks = sorted((int(k[4:]), k) for k in f
                           if re.fullmatch(r"rank[0-9]+", k))
            for rank, key in ranks:
                if "regions" not in f[key]:
                    continue
                for name in f[key]["regions"]:          # name order
                    g = f[key]["regions"][name]
                    if name not in data:
                        data[name] = {}
                        order.append(name)
                    data[name][rank] = ([int(x) for x in g["start_times"][()]],
                                        [int(x) for x in g["end_times"][()]],
                                        None, None)
            return {"order": order, "data": data}
        names = list(f["region_table/names"].asstr()[()])
        order = list(names)
        for n in names:
            data[n] = {}
        idx = f["rank_region_index"]
        rids = idx["region_ids"][()]
        ranks = idx["ranks"][()]
        offs = idx["event_offsets"][()]
        cnts = idx["event_counts"][()]
        ev = f["events"]
        if "start_deltas" in ev:
            deltas = ev["start_deltas"][()]
            durs = ev["durations"][()]
        else:
            starts_all = ev["start_times"][()]
            ends_all = ev["end_times"][()]
        thr = ev["thread_ids"][()] if "thread_ids" in ev else None
        tsk = ev["task_ids"][()] if "task_ids" in ev else None
        for rid, rank, off, cnt in zip(rids, ranks, offs, cnts):
            a, b = int(off), int(off) + int(cnt)
            if "start_deltas" in ev:
                s = np.cumsum(deltas[a:b]) if b > a else np.zeros(0, np.int64)
                e = s + durs[a:b]
            else:
                s, e = starts_all[a:b], ends_all[a:b]
            data[names[int(rid)]][int(rank)] = (
                [int(x) for x in s], [int(x) for x in e],
                None if thr is None else [int(x) for x in thr[a:b]],
                None if tsk is None else [int(x) for x in tsk[a:b]])
    return {"order": order, "data": data}


# ---------------------------------------------------------------------------
# The reference rules (doc/calls.md)

def get_regions(run, include, exclude):
    """ProfilingResults.get_regions: filter, then stable sort by first start."""
    names = run["order"]
    if include is not None:
        names = [n for n in names if any(re.match(p, n) for p in include)]
    if exclude is not None:
        names = [n for n in names if not any(re.match(p, n) for p in exclude)]

    def first_start(name):
        per_rank = []
        for rank, (s, _e, _t, _k) in run["data"][name].items():
            per_rank.append(min(s) / 1e9 if s else 0.0)
        return min(per_rank) if per_rank else float("inf")
    return sorted(names, key=first_start)


def lane_of(thread, task):
    if task is not None and task >= 0:
        return task
    if thread is not None and thread >= 0:
        return -2 - thread
    return -1


def build_call_arrays(run, regions, rank):
    """Per lane (ascending): list of calls in sorted order, each a dict with
    name, call, start, end, depth, parent (index in the lane), self; plus the
    first offending call of each lane (or None)."""
    rname, cidx, start, end, lane = [], [], [], [], []
    any_lane = False
    for name in regions:
        if rank not in run["data"][name]:
            continue                    # no entry for the rank: no name slot
        s, e, thr, tsk = run["data"][name][rank]
        if thr is not None:
            any_lane = True
        for i in range(len(s)):
            rname.append(name)
            cidx.append(i)
            start.append(s[i])
            end.append(e[i])
            lane.append(lane_of(thr[i] if thr is not None else None,
                                tsk[i] if tsk is not None else None))
    n = len(start)
    if n == 0:
        return {}, {}
    for i in range(n):
        if end[i] < start[i]:
            raise Mismatch("generator wrote a call that ends before it starts")
    order = sorted(range(n), key=lambda i: (start[i], -end[i]))   # stable
    if not any_lane:
        lane = [-1] * n
    lanes = {}
    for i in order:
        lanes.setdefault(lane[i], []).append(i)
    out, offend = {}, {}
    for ln in sorted(lanes):
        idx = lanes[ln]
        S = [2 * start[i] for i in idx]
        E = [2 * end[i] if end[i] != start[i] else 2 * start[i] + 1 for i in idx]
        Es = sorted(E)
        depth = [p - bisect.bisect_right(Es, S[p]) for p in range(len(idx))]
        if any(d < 0 for d in depth):
            raise Mismatch("negative depth: not properly nested (guard)")
        parent, last = [], {}
        for p, d in enumerate(depth):
            parent.append(last.get(d - 1, -1) if d > 0 else -1)
            last[d] = p
        dur = [end[i] - start[i] for i in idx]
        self_ = list(dur)
        for p, q in enumerate(parent):
            if q >= 0:
                self_[q] -= dur[p]
        calls = [{"name": rname[i], "call": cidx[i], "start": start[i], "end": end[i],
                  "depth": depth[p], "parent": parent[p], "self": self_[p]}
                 for p, i in enumerate(idx)]
        out[ln] = calls
        for p, q in enumerate(parent):
            if q >= 0 and calls[q]["end"] < calls[p]["end"]:
                offend[ln] = (calls[p], calls[q])
                break
    return out, offend


def expected(run, read, nranks):
    include = read["include"] or None
    exclude = read["exclude"] or None
    regions = get_regions(run, include, exclude)
    ranks = read["ranks"] if read["ranks"] is not None else range(nranks)
    result, offend = {}, {}
    for rank in ranks:
        lanes, off = build_call_arrays(run, regions, rank)
        for ln, calls in lanes.items():
            result[(rank, ln)] = calls
        for ln, pair in off.items():
            offend[(rank, ln)] = pair
    return result, offend


def nesting_message(child, parent):
    return (f"recorded calls are not properly nested: {child['name']!r} call "
            f"{child['call']} [{child['start']}, {child['end']}] ns starts inside "
            f"{parent['name']!r} call {parent['call']} [{parent['start']}, "
            f"{parent['end']}] ns" + OVERLAP_TAIL)


# ---------------------------------------------------------------------------
# sp-dump text, parsed back

BATCH = re.compile(r"batch rank=(\d+) lane=(-?\d+) first=(\d+) n=(\d+)( lane_end)?\n")
CALL = re.compile(r"\[(\d+)\] (-?\d+) (-?\d+)((?: [a-z_]+=-?\d+)*?) depth=(\d+) parent=(-?\d+)\n")
SELF = re.compile(r"  self((?: -?\d+)+)\n")


def parse_dump(text, names):
    """{(rank, lane): [call dicts]} from sp-dump output of a call stream.

    Region names may hold blanks, tabs and newlines, so a call line is
    matched against the known names rather than split on whitespace."""
    by_len = sorted(set(names), key=len, reverse=True)
    lanes = {}
    pos = 0
    if not text.startswith("header 1.0 calls\n"):
        raise Mismatch(f"sp-dump output does not start with a call header: {text[:60]!r}")
    while pos < len(text):
        m = BATCH.match(text, pos)
        if not m:
            nl = text.find("\n", pos)
            pos = len(text) if nl < 0 else nl + 1
            continue
        pos = m.end()
        key = (int(m.group(1)), int(m.group(2)))
        first, n = int(m.group(3)), int(m.group(4))
        st = lanes.setdefault(key, {"calls": [], "selfs": [], "ended": False})
        if st["ended"]:
            raise Mismatch(f"rank {key[0]} lane {key[1]}: a batch after lane_end")
        if first != len(st["calls"]):
            raise Mismatch(f"rank {key[0]} lane {key[1]}: batch first={first}, "
                           f"expected {len(st['calls'])}")
        for _ in range(n):
            for name in by_len:
                if text.startswith("  " + name + "[", pos):
                    c = CALL.match(text, pos + 2 + len(name))
                    if c:
                        break
            else:
                raise Mismatch(f"cannot parse a call line at {text[pos:pos + 80]!r}")
            st["calls"].append({"name": name, "call": int(c.group(1)),
                                "start": int(c.group(2)), "end": int(c.group(3)),
                                "depth": int(c.group(5)), "parent": int(c.group(6))})
            pos = c.end()
        s = SELF.match(text, pos)
        if s:
            st["selfs"].extend(int(v) for v in s.group(1).split())
            pos = s.end()
        if m.group(5):
            st["ended"] = True
    out = {}
    for key, st in lanes.items():
        if not st["ended"]:
            raise Mismatch(f"rank {key[0]} lane {key[1]}: no lane_end batch")
        calls, selfs = st["calls"], st["selfs"]
        # replay the depths: each pop takes the next self value
        stack, k = [], 0
        for i, c in enumerate(calls):
            while stack and calls[stack[-1]]["depth"] >= c["depth"]:
                if k >= len(selfs):
                    raise Mismatch(f"rank {key[0]} lane {key[1]}: too few self values")
                calls[stack.pop()]["self"] = selfs[k]
                k += 1
            stack.append(i)
        while stack:
            if k >= len(selfs):
                raise Mismatch(f"rank {key[0]} lane {key[1]}: too few self values")
            calls[stack.pop()]["self"] = selfs[k]
            k += 1
        if k != len(selfs):
            raise Mismatch(f"rank {key[0]} lane {key[1]}: {len(selfs) - k} self values left over")
        out[key] = calls
    return out


# ---------------------------------------------------------------------------

def pipeline(path, read):
    argv = [SP_READ]
    if read["batch"]:
        argv += ["--batch", str(read["batch"])]
    if read["ranks"] is not None:
        argv += ["--ranks", ",".join(map(str, read["ranks"]))]
    for p in read["include"]:
        argv += ["--include", p]
    for p in read["exclude"]:
        argv += ["--exclude", p]
    argv.append(path)
    with tempfile.TemporaryFile() as err_read, tempfile.TemporaryFile() as err_stack:
        p1 = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err_read)
        p2 = subprocess.Popen([SP_STACK], stdin=p1.stdout, stdout=subprocess.PIPE,
                              stderr=err_stack)
        p1.stdout.close()
        p3 = subprocess.Popen([SP_DUMP], stdin=p2.stdout, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
        p2.stdout.close()
        dump, dump_err = p3.communicate()
        rc = (p1.wait(), p2.wait(), p3.returncode)
        err_read.seek(0)
        err_stack.seek(0)
        return argv, rc, err_read.read().decode("utf-8", "replace"), \
            err_stack.read().decode("utf-8", "replace"), dump.decode("utf-8"), \
            dump_err.decode("utf-8", "replace")


def check_seed(seed, tmp, verbose):
    o, read = choose(seed)
    path = os.path.join(tmp, f"seed{seed}.h5")
    argv = synth_argv(o, path)
    errbuf = io.StringIO()
    with contextlib.redirect_stderr(errbuf):
        rc = spgen.main(argv)
    if rc != 0:
        raise Mismatch(f"spgen failed: {errbuf.getvalue().strip()}")
    run = read_h5(path)
    pick_filters(read, run["order"])
    want, offend = expected(run, read, o["ranks"])
    cmd, rcs, err_read, err_stack, dump, err_dump = pipeline(path, read)
    what = (f"seed {seed}: {' '.join(cmd)}\n  file: spgen.py {' '.join(argv)}")
    if verbose:
        print(f"seed {seed}: {sum(map(len, want.values()))} calls, "
              f"{len(want)} lanes, schema {o['schema']}, {o['shape']}/{o['names']}, "
              f"threads {o['threads']} tasks {o['tasks']}"
              f"{' overlap' if offend else ''}")
    if rcs[0] not in (0, -13, 141) or \
            err_read != missing_ranks_note(path, read["ranks"]):
        raise Mismatch(f"{what}\nsp-read failed ({rcs[0]}): {err_read.strip()}")
    if offend:
        rank = min(r for r, _ in offend)
        lane = min(ln for r, ln in offend if r == rank)
        child, parent = offend[(rank, lane)]
        msg = (f"sp-stack: <stdin>: rank {rank} lane {lane}: "
               f"{nesting_message(child, parent)}\n")
        if rcs[1] != 1 or err_stack != msg:
            raise Mismatch(f"{what}\nexpected sp-stack to exit 1 with\n  {msg!r}\n"
                           f"got exit {rcs[1]} with\n  {err_stack!r}")
        return "overlap"
    if rcs[1] != 0 or err_stack or rcs[2] != 0 or err_dump:
        raise Mismatch(f"{what}\nsp-stack exit {rcs[1]}: {err_stack.strip()}\n"
                       f"sp-dump exit {rcs[2]}: {err_dump.strip()}")
    got = parse_dump(dump, run["order"])
    if sorted(got) != sorted(want):
        raise Mismatch(f"{what}\nlanes differ: got {sorted(got)}, expected {sorted(want)}")
    for key in sorted(want):
        w, g = want[key], got[key]
        if len(w) != len(g):
            raise Mismatch(f"{what}\nrank {key[0]} lane {key[1]}: {len(g)} calls, "
                           f"expected {len(w)}")
        for i, (a, b) in enumerate(zip(w, g)):
            if a != b:
                raise Mismatch(f"{what}\nrank {key[0]} lane {key[1]} call {i}:\n"
                               f"  expected {a}\n  got      {b}")
    return "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=int(os.environ.get("SP_PROPERTY_SEEDS", 200)))
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--budget", type=float, default=float(os.environ.get(
        "SP_PROPERTY_BUDGET", 15)), help="stop starting new seeds after this many seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the generated files")
    args = ap.parse_args()
    if checklib.missing("check-pipeline", (SP_READ, SP_STACK, SP_DUMP)):
        return 1
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="sp-property.")
    counts = {"ok": 0, "overlap": 0}
    done = 0
    try:
        for seed in range(args.first, args.first + args.seeds):
            if time.monotonic() - t0 > args.budget:
                print(f"time budget of {args.budget:.0f} s reached after {done} seeds")
                break
            try:
                counts[check_seed(seed, tmp, args.verbose)] += 1
            except Mismatch as exc:
                print(f"FAIL {exc}")
                keep = os.path.join(os.getcwd(), f"check-pipeline-seed{seed}.h5")
                with contextlib.suppress(OSError):
                    shutil.copy(os.path.join(tmp, f"seed{seed}.h5"), keep)
                    print(f"  kept the file as {keep}")
                return 1
            done += 1
            if not args.keep:
                with contextlib.suppress(OSError):
                    os.remove(os.path.join(tmp, f"seed{seed}.h5"))
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"files kept in {tmp}")
    print(f"{done} seeds: {counts['ok']} reconstructions and {counts['overlap']} "
          f"overlap errors as the reference predicts ({time.monotonic() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
