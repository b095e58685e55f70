#!/usr/bin/python3
"""check-window: sp-read --window against brute force.

For many seeds this writes a JSON profile of random call forests (one or
two ranks, a few regions; children that fill their parent exactly, calls
of no length, siblings that touch, calls at the window's bounds) and a
random window: relative with units or absolute with "@", a side left
open, sometimes --window-inside, sometimes with start_time_ns metadata
(the run's start; else the earliest call).  It runs

    sp-read FILE | sp-stack | sp-json --lines           (the originals)
    sp-read --window W FILE | sp-stack | sp-json --lines

and checks the second against what the rule gives in Python: the calls
kept (start < END and end > START; a call of no length START <= start <
END; inside: wholly in), clipped to [START, END) unless inside, in the
originals' order, each one's parent its nearest kept ancestor among the
originals as sp-stack nested them, its depth and self time from those.
So clipping never changes which call contains which.  And sp-read
--window FILE | sp-json, in time and in file order, must give each row's
kept calls, clipped, in recording order.

    /usr/bin/python3 tests/check-window.py [--seeds N] [-v]

Seeds 0 to 29 by default, 0 to 299 with SP_TEST_EXHAUSTIVE=1.

The programs come from SP_READ, SP_STACK and SP_JSON (meson test sets
them) or from a build tree given by SP_BUILDDIR (default: build).  Exits
1 on the first mismatch, printing the seed.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

REGIONS = ["a", "b", "c", "d"]
UNITS = [("ns", 1), ("us", 1000), ("ms", 1000000)]


def program(name):
    env = "SP_" + name.upper().replace("-", "_")
    if os.environ.get(env):
        return os.environ[env]
    return os.path.join(os.environ.get("SP_BUILDDIR", "build"), "cmd",
                        "sp-" + name)


def forest(rng, lo, hi, depth, out):
    """Random properly nested calls in [lo, hi] appended to out."""
    t = lo
    while t < hi and rng.random() < 0.8:
        if rng.random() < 0.15:
            out.append((t, t))          # no length
            t += rng.choice([0, 1, 3])
            continue
        s = t + rng.choice([0, 0, 1, 5, 20])
        e = min(hi, s + rng.randint(1, 60))
        if s >= e:
            break
        out.append((s, e))
        if depth < 4 and rng.random() < 0.6:
            if rng.random() < 0.25:     # a child as long as its parent
                out.append((s, e))
            forest(rng, s, e, depth + 1, out)
        t = e if rng.random() < 0.5 else e + rng.randint(1, 10)


def profile(rng, base):
    """rows: (rank, region, [(start, end)...] in recording order)."""
    rows = []
    for rank in range(rng.randint(1, 2)):
        calls = []
        forest(rng, base, base + 400, 0, calls)
        by = {}
        for s, e in calls:
            by.setdefault(rng.choice(REGIONS), []).append((s, e))
        for name in REGIONS:
            if name in by:
                rows.append((rank, name, by[name]))
    return rows


def spelled(rng, ns, origin):
    """A side of the window: relative with a unit that divides it, or @."""
    if rng.random() < 0.3:
        return "@%d" % ns
    rel = ns - origin
    if rel == 0 and rng.random() < 0.3:
        return "0"
    units = [(u, f) for u, f in UNITS if rel % f == 0]
    u, f = rng.choice(units)
    return "%d%s" % (rel // f, u)


def window(rng, origin, calls):
    points = sorted({p for c in calls for p in c} | {origin})
    lo = rng.choice(points) + rng.choice([0, 0, -1, 1])
    hi = rng.choice(points) + rng.choice([0, 0, -1, 1])
    if hi <= lo:
        hi = lo + rng.randint(1, 50)
    a = "" if rng.random() < 0.15 else spelled(rng, lo, origin)
    b = "" if rng.random() < 0.15 else spelled(rng, hi, origin)
    if a == "" and b == "":
        b = spelled(rng, hi, origin)
    lo = None if a == "" else lo
    hi = None if b == "" else hi
    return a + ":" + b, lo, hi


def keeps(s, e, lo, hi, inside):
    lo = float("-inf") if lo is None else lo
    hi = float("inf") if hi is None else hi
    if inside:
        return lo <= s and e <= hi and s < hi
    if s == e:
        return lo <= s < hi
    return s < hi and e > lo


def expected(orig, lo, hi, inside):
    """The windowed calls per (rank, lane) from the original sp-json lines."""
    out = []
    lanes = {}
    for c in orig:
        lanes.setdefault((c["rank"], c["lane"]), []).append(c)
    for key in sorted(lanes):
        calls = sorted(lanes[key], key=lambda c: c["seq"])
        kept = {}
        for c in calls:
            if not keeps(c["start_ns"], c["end_ns"], lo, hi, inside):
                continue
            s, e = c["start_ns"], c["end_ns"]
            if not inside:
                s = s if lo is None else max(s, lo)
                e = e if hi is None else min(e, hi)
            p = c["parent"]
            while p >= 0 and p not in kept:
                p = calls[p]["parent"]
            kept[c["seq"]] = {"rank": key[0], "lane": key[1],
                              "region": c["region"], "start_ns": s,
                              "end_ns": e, "old_parent": p}
        seqs = sorted(kept)
        new = {old: i for i, old in enumerate(seqs)}
        for old in seqs:
            k = kept[old]
            p = k.pop("old_parent")
            k["seq"] = new[old]
            k["parent"] = new[p] if p >= 0 else -1
            k["depth"] = 0 if p < 0 else None
            k["duration_ns"] = k["end_ns"] - k["start_ns"]
        rows = [kept[o] for o in seqs]
        for k in rows:
            if k["parent"] >= 0:
                k["depth"] = rows[k["parent"]]["depth"] + 1
        for k in rows:
            k["self_ns"] = k["duration_ns"] - sum(
                c["duration_ns"] for c in rows if c["parent"] == k["seq"])
        out.extend(rows)
    return out


def lines(args, path):
    read = subprocess.run([program("read")] + args + [path],
                          capture_output=True, check=True)
    stack = subprocess.run([program("stack")], input=read.stdout,
                           capture_output=True, check=True)
    js = subprocess.run([program("json"), "--lines"], input=stack.stdout,
                        capture_output=True, check=True)
    keys = ("rank", "lane", "seq", "region", "start_ns", "end_ns",
            "duration_ns", "depth", "parent", "self_ns")
    calls = [json.loads(x) for x in js.stdout.decode().splitlines()]
    calls = [{k: c[k] for k in keys} for c in calls]
    return sorted(calls, key=lambda c: (c["rank"], c["lane"], c["seq"]))


def check(seed, tmp, verbose):
    rng = random.Random(seed)
    base = 1700000000000 + rng.randint(0, 1000)
    rows = profile(rng, base)
    calls = [c for _, _, cs in rows for c in cs]
    meta = {}
    origin = min(s for s, _ in calls) if calls else 0
    if rng.random() < 0.5:
        origin = base - rng.choice([0, 7, 1000])
        meta["start_time_ns"] = origin
    spec, lo, hi = window(rng, origin, calls)
    inside = rng.random() < 0.25
    doc = {"format": "scope-profiler-profile", "format_version": 1,
           "num_ranks": 2, "event_data_available": True, "metadata": meta,
           "regions": [{"name": n, "rank": r,
                        "start_times_ns": [s for s, _ in cs],
                        "end_times_ns": [e for _, e in cs]}
                       for r, n, cs in rows]}
    path = os.path.join(tmp, "w%d.json" % seed)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    opts = ["--window", spec] + (["--window-inside"] if inside else [])
    want = expected(lines([], path), lo, hi, inside)
    got = lines(opts, path)
    if verbose:
        print("seed %d: %s%s: %d calls, %d kept" % (
            seed, spec, " inside" if inside else "", len(calls), len(got)))
    ok = rows_check(seed, opts, path, rows, lo, hi, inside)
    if ok and got != want:
        print("seed %d: sp-read %s %s differs" % (seed, " ".join(opts), path))
        for i in range(max(len(got), len(want))):
            g = got[i] if i < len(got) else None
            w = want[i] if i < len(want) else None
            if g != w:
                print("  first difference at %d:\n  got  %s\n  want %s" %
                      (i, g, w))
                break
        return False
    return ok


def rows_check(seed, opts, path, rows, lo, hi, inside):
    """sp-read --order file | sp-json: each row's kept calls, clipped."""
    for order in (["--order", "file"], []):
        read = subprocess.run([program("read")] + order + opts + [path],
                              capture_output=True, check=True)
        js = subprocess.run([program("json")], input=read.stdout,
                            capture_output=True, check=True)
        got = [(r["rank"], r["name"], list(zip(r["start_times_ns"],
                                               r["end_times_ns"])))
               for r in json.loads(js.stdout)["regions"]]
        want = []
        for rank, name, cs in rows:
            kept = [c for c in cs if keeps(c[0], c[1], lo, hi, inside)]
            if not inside:
                kept = [(c[0] if lo is None else max(c[0], lo),
                         c[1] if hi is None else min(c[1], hi))
                        for c in kept]
            want.append((rank, name, kept))
        # sp-json lists rows by region, then rank
        got.sort(key=lambda r: (r[1], r[0]))
        want.sort(key=lambda r: (r[1], r[0]))
        if got != want:
            print("seed %d: sp-read %s %s | sp-json: rows differ:\n"
                  "  got  %s\n  want %s" % (seed, " ".join(order + opts),
                                             path, got, want))
            return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    # seeds 0..29; all 300 with SP_TEST_EXHAUSTIVE (tests/README.md)
    exhaustive = os.environ.get("SP_TEST_EXHAUSTIVE", "") not in ("", "0")
    ap.add_argument("--seeds", type=int, default=300 if exhaustive else 30)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(a.seeds):
            if not check(seed, tmp, a.v):
                return 1
    print("%d windows checked" % a.seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
