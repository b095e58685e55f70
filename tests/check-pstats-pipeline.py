#!/usr/bin/python3
"""check-pstats-pipeline: sp-read | sp-stack | sp-pstats against the reference.

For many seeds this generates a random scope-profiler file with spgen synth
(random or template shape, tricky names including " > ", recursion,
zero-length and touching calls, threads, tasks, several ranks), reads it
back with h5py and computes, from the rules of doc/exports.md, "cProfile
statistics", the statistics dict the reference's .prof export writes for each
rank:

  * the call list (doc/calls.md): the calls of the regions kept, in
    region order then recording order, stably sorted by (start, -end);
    depth and parent per lane, self = duration minus the direct children;
  * call paths ("Call-path entries"): path ids in order of appearance, one
    caller each, colliding names merged as a Python dict merges them;
  * --no-call-paths ("Region entries", "Recursion in cProfile's
    accounting"): the recursion flag per region across lanes,
    cc, nc, tt, ct, and caller buckets, root bucket first;
  * numbers ("Call-path entries"): per-call seconds as float64, sums with
    numpy's bincount in sorted order, the root's total with numpy's sum;
  * the root frame "<LABEL rank N>", --root NAME or --no-root; ranks
    without calls have no file ("Empty runs").

It then runs `sp-read [options] FILE | sp-stack | sp-pstats -o out/p.prof
[options]`, loads every file with marshal and pstats, and compares the
dicts: keys, order, counts and times bit for bit, callers and their
order.  It also checks `sp-pstats --print --sort KEY FILE.prof` against
pstats' own report of one file per seed.

    /usr/bin/python3 tests/check-pstats-pipeline.py [--seeds N] [--first S] [-v]

The programs come from SP_READ, SP_STACK and SP_PSTATS (meson test sets
them) or from a build tree given by SP_BUILDDIR (default: build).  Exits
77 (skipped) when h5py or numpy is missing (1 where SP_REQUIRE_ALL is set:
CI skips nothing), 1 on the first mismatch, printing the seed and the
commands that reproduce it.
"""

import argparse
import bisect
import contextlib
import importlib.util
import io
import marshal
import os
import pstats
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checklib  # noqa: E402

checklib.require("h5py", "numpy")
import h5py  # noqa: E402
import numpy as np  # noqa: E402

SP_READ = checklib.program("read")
SP_STACK = checklib.program("stack")
SP_PSTATS = checklib.program("pstats")


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# The file reading, region order and filters of the pipeline test, and
# the .prof comparison of check-prof.py.
cp = _load("check_pipeline", os.path.join(HERE, "check-pipeline.py"))
prof = _load("check_prof", os.path.join(HERE, "check-prof.py"))
spgen = cp.spgen
Mismatch = cp.Mismatch

NS = 1e9
SORTS = ["cumulative", "tottime", "calls", "ncalls", "name"]


def choose(seed):
    o, read = cp.choose(seed)
    o["overlap"] = False                   # sp-stack's business
    if o["calls"] == 0 and seed % 3:
        o["calls"] = 40
    rnd = random.Random(seed * 7 + 1)
    opts = {"no_call_paths": rnd.random() < 0.4,
            "root": rnd.choice([None, None, None, "<r>", "no"]),
            "sort": rnd.choice(SORTS)}
    return o, read, opts


def read_sources(path):
    """{(name, rank): (file, line)} of the rows that record a file and a
    line (doc/exports.md, "Keys": a truthy file and a line that is not
    None)."""
    out = {}
    with h5py.File(path, "r") as f:
        if int(f.attrs.get("scope_profiler_schema", 1)) == 1:
            for k in f:
                if not k.startswith("rank") or "regions" not in f[k]:
                    continue
                for name, g in f[k]["regions"].items():
                    sf, sl = g.attrs.get("source_file"), g.attrs.get("source_lineno")
                    if isinstance(sf, bytes):
                        sf = sf.decode("utf-8")
                    if sf and sl is not None:
                        out[(name, int(k[4:]))] = (sf, int(sl))
            return out
        names = list(f["region_table/names"].asstr()[()])
        idx = f["rank_region_index"]
        if "source_files" not in idx:
            return out
        files = idx["source_files"].asstr()[()]
        lines = idx["source_lines"][()]
        for rid, rank, sf, sl in zip(idx["region_ids"][()], idx["ranks"][()],
                                     files, lines):
            if sf and sl >= 0:
                out[(names[int(rid)], int(rank))] = (sf, int(sl))
    return out


def rank_calls(run, regions, rank):
    """The reference's calls of a rank in global sorted order: (name slots,
    calls) with each call a dict of slot, start, end, self, depth, parent
    (a global index or -1)."""
    slots, slot_of = [], {}
    slot, start, end, lane = [], [], [], []
    any_lane = False
    for name in regions:
        if rank not in run["data"][name]:
            continue                        # no entry: no name slot
        slot_of[name] = len(slots)
        slots.append(name)
        s, e, thr, tsk = run["data"][name][rank]
        if thr is not None:
            any_lane = True
        for i in range(len(s)):
            slot.append(slot_of[name])
            start.append(s[i])
            end.append(e[i])
            lane.append(cp.lane_of(thr[i] if thr is not None else None,
                                   tsk[i] if tsk is not None else None))
    n = len(start)
    order = sorted(range(n), key=lambda i: (start[i], -end[i]))   # stable
    if not any_lane:
        lane = [-1] * n
    calls = [{"slot": slot[i], "start": start[i], "end": end[i],
              "lane": lane[i], "parent": -1, "depth": 0} for i in order]
    lanes = {}
    for g, c in enumerate(calls):
        lanes.setdefault(c["lane"], []).append(g)
    for idx in lanes.values():
        S = [2 * calls[g]["start"] for g in idx]
        E = [2 * calls[g]["end"] if calls[g]["end"] != calls[g]["start"]
             else 2 * calls[g]["start"] + 1 for g in idx]
        Es = sorted(E)
        last = {}
        for p, g in enumerate(idx):
            d = p - bisect.bisect_right(Es, S[p])
            calls[g]["depth"] = d
            calls[g]["parent"] = last.get(d - 1, -1) if d > 0 else -1
            last[d] = g
    for c in calls:
        c["self"] = c["end"] - c["start"]
    for c in calls:
        if c["parent"] >= 0:
            calls[c["parent"]]["self"] -= c["end"] - c["start"]
    return slots, calls


def seqsum(values):
    """numpy.bincount's weighted sum: one value after another."""
    t = 0.0
    for v in values:
        t += v
    return t


def pstats_dict(slots, calls, root, call_paths, src):
    """build_pstats_dict (doc/exports.md, "Call-path entries" to "Recursion in
    cProfile's accounting"); src: slot -> (file,
    line) of the regions with a source location on the rank."""
    if not calls or not slots:
        return {}

    def key_of(s, func):
        if s in src:
            return (src[s][0], src[s][1], func)
        return ("~", 0, func)
    key = {}                                # slot -> key of its region
    for s, name in enumerate(slots):
        key[s] = key_of(s, name)
    rkey = ("~", 0, root) if root is not None else None
    dur = np.array([(c["end"] - c["start"]) / NS for c in calls])
    slf = np.array([c["self"] / NS for c in calls])
    stats = {}
    if call_paths:
        pid, ids, names, parent_of, leaf = {}, [], [], [], []
        for c in calls:
            par = ids[c["parent"]] if c["parent"] >= 0 else -1
            ident = (par, c["slot"])
            if ident not in pid:
                pid[ident] = len(names)
                nm = slots[c["slot"]]
                names.append(nm if par < 0 else names[par] + " > " + nm)
                parent_of.append(par)
                leaf.append(c["slot"])
            ids.append(pid[ident])
        ids = np.array(ids)
        count = np.bincount(ids, minlength=len(names))
        tt = np.bincount(ids, weights=slf, minlength=len(names))
        ct = np.bincount(ids, weights=dur, minlength=len(names))
        callers_of = {}
        pkey = [key_of(leaf[p], nm) for p, nm in enumerate(names)]
        for p, nm in enumerate(names):
            k = pkey[p]
            v = (int(count[p]), int(count[p]), float(tt[p]), float(ct[p]))
            cl = callers_of.setdefault(k, {})
            if parent_of[p] >= 0:
                cl[pkey[parent_of[p]]] = v
            elif rkey is not None:
                cl[rkey] = v
            stats[k] = v + (cl,)
    else:
        nslot = len(slots)
        prim = []
        maxend = {}
        for c in calls:
            s = c["slot"]
            p = s not in maxend or c["end"] > maxend[s]
            if p:
                maxend[s] = c["end"]
            prim.append(p)
        prim = np.array(prim)
        slot = np.array([c["slot"] for c in calls])
        nc = np.bincount(slot, minlength=nslot)
        cc = np.bincount(slot[prim], minlength=nslot)
        tt = np.bincount(slot, weights=slf, minlength=nslot)
        ct = np.bincount(slot[prim], weights=dur[prim], minlength=nslot)
        # buckets (slot, caller slot + 1, 0 for the root), sums in order
        bucket = {}
        for i, c in enumerate(calls):
            b = (c["slot"], calls[c["parent"]]["slot"] + 1
                 if c["parent"] >= 0 else 0)
            v = bucket.setdefault(b, [0, 0, 0.0, 0.0])
            v[1] += 1
            v[2] += float(slf[i])
            if prim[i]:
                v[0] += 1
                v[3] += float(dur[i])
        for s in range(nslot):
            if nc[s] == 0:
                continue
            cl = {}
            for cs in range(nslot + 1):
                if (s, cs) not in bucket:
                    continue
                if cs == 0 and rkey is None:
                    continue
                ck = rkey if cs == 0 else key[cs - 1]
                cl[ck] = tuple(bucket[(s, cs)])
            stats[key[s]] = (int(cc[s]), int(nc[s]), float(tt[s]),
                             float(ct[s]), cl)
    if rkey is not None:
        roots = np.array([c["parent"] < 0 for c in calls])
        stats[rkey] = (1, 1, 0.0, float(np.sum(dur[roots])), {})
    return stats


def run_pipeline(path, read, opts, out, tmp):
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
    ps = [SP_PSTATS, "-o", out]
    if opts["no_call_paths"]:
        ps.append("--no-call-paths")
    if opts["root"] == "no":
        ps.append("--no-root")
    elif opts["root"] is not None:
        ps += ["--root", opts["root"]]
    errs = [tempfile.TemporaryFile(dir=tmp) for _ in range(3)]
    p1 = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=errs[0])
    p2 = subprocess.Popen([SP_STACK], stdin=p1.stdout, stdout=subprocess.PIPE,
                          stderr=errs[1])
    p1.stdout.close()
    p3 = subprocess.Popen(ps, stdin=p2.stdout, stderr=errs[2])
    p2.stdout.close()
    rc = (p1.wait(), p2.wait(), p3.wait())
    text = []
    for f in errs:
        f.seek(0)
        text.append(f.read().decode("utf-8", "replace"))
        f.close()
    return argv, ps, rc, text


def check_report(path, sort):
    """sp-pstats --print --sort KEY FILE against pstats' own report."""
    got = subprocess.run([SP_PSTATS, "--print", "--sort", sort, path],
                         capture_output=True)
    buf = io.StringIO()
    pstats.Stats(path, stream=buf).sort_stats(sort).print_stats()
    if got.returncode != 0 or got.stdout.decode("utf-8") != buf.getvalue():
        raise Mismatch(f"sp-pstats --print --sort {sort} {path} differs from "
                       f"pstats (exit {got.returncode}):\n"
                       f"{got.stdout.decode('utf-8', 'replace')}\n---\n"
                       f"{buf.getvalue()}")


def check_seed(seed, tmp, verbose):
    o, read, opts = choose(seed)
    path = os.path.join(tmp, f"seed{seed}.h5")
    argv = cp.synth_argv(o, path)
    errbuf = io.StringIO()
    with contextlib.redirect_stderr(errbuf):
        rc = spgen.main(argv)
    if rc != 0:
        raise Mismatch(f"spgen failed: {errbuf.getvalue().strip()}")
    run = cp.read_h5(path)
    sources = read_sources(path)
    cp.pick_filters(read, run["order"])
    regions = cp.get_regions(run, read["include"] or None,
                             read["exclude"] or None)
    ranks = read["ranks"] if read["ranks"] is not None else range(o["ranks"])
    label = f"seed{seed}"
    want = {}
    for rank in ranks:
        slots, calls = rank_calls(run, regions, rank)
        if not calls:
            continue                        # no calls: no file ("Empty runs")
        root = (None if opts["root"] == "no" else opts["root"]
                if opts["root"] is not None else f"<{label} rank {rank}>")
        src = {i: sources[(nm, rank)] for i, nm in enumerate(slots)
               if (nm, rank) in sources}
        want[rank] = pstats_dict(slots, calls, root,
                                 not opts["no_call_paths"], src)
    outdir = os.path.join(tmp, f"out{seed}")
    cmd, ps, rcs, errs = run_pipeline(path, read, opts,
                                      os.path.join(outdir, "p.prof"), tmp)
    what = (f"seed {seed}: {' '.join(cmd)} | sp-stack | {' '.join(ps)}\n"
            f"  file: spgen.py {' '.join(argv)}")
    if verbose:
        print(f"seed {seed}: {len(want)} ranks with calls, "
              f"{sum(len(d) for d in want.values())} entries, "
              f"{o['shape']}/{o['names']}, threads {o['threads']} tasks "
              f"{o['tasks']}, {' '.join(ps[3:])}")
    if rcs[0] not in (0, -13, 141) or rcs[1] != 0 or errs[1] or \
            errs[0] != cp.missing_ranks_note(path, read["ranks"]):
        raise Mismatch(f"{what}\nsp-read/sp-stack failed {rcs}: {errs}")
    if not want:
        # no file, exit 0, and notes only (the reference raises "No calls
        # recorded"; sp does not, so that make -j goes on)
        notes = re.compile(rf"sp-pstats: run '{label}' (rank [0-9]+ )?"
                           r"has no calls: no \.prof\n")
        lines = errs[2].splitlines(keepends=True)
        if rcs[2] != 0 or not lines or \
                not all(notes.fullmatch(ln) for ln in lines) or \
                (os.path.isdir(outdir) and os.listdir(outdir)):
            raise Mismatch(f"{what}\nexpected notes and no file, got exit "
                           f"{rcs[2]}: {errs[2]!r}")
        return "empty"
    if rcs[2] != 0:
        raise Mismatch(f"{what}\nsp-pstats exit {rcs[2]}: {errs[2].strip()}")
    files = sorted(os.listdir(outdir))
    expect = sorted(f"p_rank{r}.prof" for r in want)
    if files != expect:
        raise Mismatch(f"{what}\nfiles {files}, expected {expect}")
    for rank, w in want.items():
        f = os.path.join(outdir, f"p_rank{rank}.prof")
        try:
            raw, got = prof.load(f)
        except Exception as exc:    # any refusal is the finding
            raise Mismatch(f"{what}\n{f}: marshal/pstats refuse it: {exc}")
        diffs = prof.compare(got, w, True, 0.0)
        if marshal.dumps(got, 2) != raw:
            diffs.append("bytes differ from marshal.dumps(stats, 2)")
        if diffs:
            raise Mismatch(f"{what}\nrank {rank}:\n  " + "\n  ".join(diffs[:10]))
    check_report(os.path.join(outdir, f"p_rank{min(want)}.prof"), opts["sort"])
    shutil.rmtree(outdir, ignore_errors=True)
    return "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=int(os.environ.get(
        "SP_PROPERTY_SEEDS", 200)))
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--budget", type=float, default=float(os.environ.get(
        "SP_PROPERTY_BUDGET", 15)), help="stop starting new seeds after this "
        "many seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the files")
    args = ap.parse_args()
    if checklib.missing("check-pstats-pipeline", (SP_READ, SP_STACK, SP_PSTATS)):
        return 1
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="sp-pstats-property.")
    counts = {"ok": 0, "empty": 0}
    done = 0
    try:
        for seed in range(args.first, args.first + args.seeds):
            if time.monotonic() - t0 > args.budget:
                print(f"time budget of {args.budget:.0f} s reached after "
                      f"{done} seeds")
                break
            try:
                counts[check_seed(seed, tmp, args.verbose)] += 1
            except Mismatch as exc:
                print(f"FAIL {exc}")
                keep = os.path.join(os.getcwd(),
                                    f"check-pstats-seed{seed}.h5")
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
    print(f"{done} seeds: {counts['ok']} exports equal to the reference's "
          f"dicts, {counts['empty']} without calls "
          f"({time.monotonic() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
