#!/usr/bin/env python3
"""check-diff: sp-diff's rows against a model of its own, numpy and scipy.

Each seed writes random profiles with spgen (several ranks, random call
forests without recursion, regions only on one side, sides of different
rank counts; one run a side, or two to four or six to eight runs a side
with --before N),
sends them through sp-read A B | sp-stack once, and asks sp-diff --format
json for random metrics, keys (region, --call-paths, --by rank) and
options (--threshold, --sort, --max-regression, --fail-on-new, --alpha).
The model reads the HDF5 files itself with h5py and numpy (nesting by
containment, self times, call paths) and computes every row written here
from doc/diff.md: a, b, delta, pct, the order with its tie-break, the
threshold, the only-in lists, the gate's verdicts and exit status; the
U test's p-value from scipy.stats.mannwhitneyu on the samples the row
says (calls' durations, ranks' values or runs' values, 5 a side at least
within one run), and with several runs the medians (numpy's
median_unbiased quantile) and their 95% confidence intervals (a_ci,
b_ci: benchmath's rule, as tests/check-mwu.py models it; null with one
run a side or below six runs).

Seeds run until the time budget (--budget, default 15 s;
SP_PROPERTY_BUDGET) or --seeds (default 200; SP_PROPERTY_SEEDS); a
mismatch prints the seed, the command and the row.  Needs h5py, numpy and
scipy: without them the test is skipped, or fails under SP_REQUIRE_ALL.
"""

import argparse
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checklib  # noqa: E402

checklib.require("h5py", "numpy", "scipy.stats")
import h5py  # noqa: E402
import numpy as np  # noqa: E402
from scipy import stats  # noqa: E402

# benchmath's median and interval, the model of tests/check-mwu.py
_spec = importlib.util.spec_from_file_location(
    "check_mwu", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "check-mwu.py"))
check_mwu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_mwu)

SP_READ = checklib.program("read")
SP_STACK = checklib.program("stack")
SP_DIFF = checklib.program("diff")
SPGEN = [sys.executable, os.path.join(checklib.SRCDIR, "tests", "gen",
                                      "spgen.py")]
NAMES = ["main", "solve", "io", "halo", "ckpt", "init", "kernel", "z\u00e9ta"]
METRICS = ["total", "avg", "min", "max", "p50", "p95", "p99", "calls",
           "imbalance", "wall", "self", "slowest"]
PER_CALL = {"avg", "min", "max", "p50", "p95", "p99"}
PER_RANK = {"total", "self", "wall", "slowest"}
MIN_SAMPLES = 5


# --- the profiles ---

def forest(rng, names, t0, t1, depth, out, above):
    """Calls nested in (t0, t1), strictly inside, no region in itself."""
    t = t0 + int(rng.integers(1, 20))
    while t < t1 - 2 and len(out) < 400:
        free = [n for n in names if n not in above]
        if not free or rng.random() < 0.15:
            break
        name = free[int(rng.integers(0, len(free)))]
        dur = int(rng.integers(2, max(3, min(t1 - 1 - t, 3000))))
        s, e = t, t + dur
        if e >= t1:
            break
        out.append((name, s, e))
        if depth > 0 and e - s > 6 and rng.random() < 0.6:
            forest(rng, names, s, e, depth - 1, out, above | {name})
        t = e + int(rng.integers(0, 50))


def run_spec(rng, names, ranks):
    spec = {}
    for r in range(ranks):
        calls = []
        forest(rng, names, 0, 10 ** 6, 3, calls, frozenset())
        rows = {}
        for name, s, e in calls:
            rows.setdefault(name, ([], []))
            rows[name][0].append(s)
            rows[name][1].append(e)
        spec[str(r)] = [[n, st, en] for n, (st, en) in rows.items()]
    return {"ranks": spec}


def write(spec, path):
    subprocess.run(SPGEN + ["spec", "-", path], input=json.dumps(spec),
                   text=True, check=True, capture_output=True)


# --- the model: reading the files ---

def read_h5(path):
    """{rank: [(name, start, end)]} of a schema-3 profile."""
    with h5py.File(path, "r") as f:
        names = [n.decode() if isinstance(n, bytes) else n
                 for n in f["region_table/names"].asstr()[()]]
        idx = f["rank_region_index"]
        ev = f["events"]
        deltas, durs = ev["start_deltas"][()], ev["durations"][()]
        out = {}
        for rid, rank, off, cnt in zip(idx["region_ids"][()], idx["ranks"][()],
                                       idx["event_offsets"][()],
                                       idx["event_counts"][()]):
            a, b = int(off), int(off) + int(cnt)
            s = np.cumsum(deltas[a:b].astype(np.int64))
            e = s + durs[a:b]
            for x, y in zip(s, e):
                out.setdefault(int(rank), []).append(
                    (names[int(rid)], int(x), int(y)))
    return out


def calls_of(profile):
    """Each call with its rank, duration, self time and call path."""
    res = []
    for rank, calls in profile.items():
        calls = sorted(calls, key=lambda c: (c[1], -c[2]))
        stack = []
        recs = []
        for name, s, e in calls:
            while stack and not (stack[-1]["s"] <= s and e <= stack[-1]["e"]):
                stack.pop()
            path = (stack[-1]["path"] + " > " if stack else "") + name
            rec = {"name": name, "rank": rank, "s": s, "e": e, "dur": e - s,
                   "child": 0, "path": path}
            if stack:
                stack[-1]["child"] += e - s
            stack.append(rec)
            recs.append(rec)
        for r in recs:
            r["self"] = r["dur"] - r["child"]
        res.extend(recs)
    return res


# --- the model: a run's values ---

def imbalance(totals):
    t = [x for x in totals if x > 0]
    if len(t) < 2:
        return 0.0
    return (max(t) / (sum(t) / len(t)) - 1.0) * 100.0


def value(metric, group):
    """The metric of a list of calls (one key of one run)."""
    d = np.array([c["dur"] for c in group], dtype=np.int64)
    by_rank = {}
    for c in group:
        by_rank[c["rank"]] = by_rank.get(c["rank"], 0) + c["dur"]
    tot = [v / 1e9 for v in by_rank.values()]
    if metric in ("total", "wall"):
        return int(d.sum()) / 1e9
    if metric == "avg":
        return int(d.sum()) / 1e9 / len(d)
    if metric == "min":
        return int(d.min()) / 1e9
    if metric == "max":
        return int(d.max()) / 1e9
    if metric in ("p50", "p95", "p99"):
        return float(np.percentile(d / 1e9, int(metric[1:])))
    if metric == "calls":
        return float(len(d))
    if metric == "imbalance":
        return imbalance(tot)
    if metric == "self":
        return sum(c["self"] for c in group) / 1e9
    return max(tot)


def samples(metric, group):
    """The samples within one run: calls' durations or ranks' values."""
    if metric in PER_CALL:
        return [c["dur"] for c in group]
    key = "self" if metric == "self" else "dur"
    by_rank = {}
    for c in group:
        by_rank[c["rank"]] = by_rank.get(c["rank"], 0) + c[key]
    return list(by_rank.values())


def keyed(calls, keys):
    out = {}
    for c in calls:
        k = ((c["path"], None) if keys == "call_path" else
             (c["name"], c["rank"]) if keys == "rank" else (c["name"], None))
        out.setdefault(k, []).append(c)
    return out


def model(runs, nbefore, metric, keys, o):
    """The rows, only-in lists and failures sp-diff is to write."""
    sides = [runs[:nbefore], runs[nbefore:]]
    several = len(sides[0]) > 1 or len(sides[1]) > 1
    per = [[keyed(r, keys) for r in s] for s in sides]
    allkeys = set()
    for s in per:
        for r in s:
            allkeys |= set(r)
    rows = []
    for k in allkeys:
        w = {"key": k, "p": None, "ci": [None, None]}
        vals = [[value(metric, r[k]) for r in s if k in r] for s in per]
        for i, v in enumerate(vals):
            if not v:
                w["ab"[i]] = None
            elif len(per[i]) == 1:
                w["ab"[i]] = v[0]
            else:
                w["ab"[i]] = float(np.quantile(v, 0.5,
                                               method="median_unbiased"))
                _, lo, hi, _, _, _ = check_mwu.median_model(sorted(v), 0.95)
                if math.isfinite(lo) and math.isfinite(hi):
                    w["ci"][i] = (lo, hi)
        a, b = w["a"], w["b"]
        w["delta"] = (b or 0.0) - (a or 0.0)
        w["pct"] = w["delta"] / a * 100.0 if a is not None and a != 0 else None
        if a is not None and b is not None:
            if several:
                if vals[0] and vals[1] and len(vals[0]) + len(vals[1]) >= 3:
                    w["p"] = stats.mannwhitneyu(vals[0], vals[1]).pvalue
                    w["n"] = (len(vals[0]), len(vals[1]))
            elif keys != "rank" and (metric in PER_CALL or
                                     (metric in PER_RANK and keys == "region")):
                x = samples(metric, per[0][0][k])
                y = samples(metric, per[1][0][k])
                if len(x) >= MIN_SAMPLES and len(y) >= MIN_SAMPLES:
                    w["p"] = stats.mannwhitneyu(x, y).pvalue
                    w["n"] = (len(x), len(y))
        w["changed"] = w["p"] is None or w["p"] < o["alpha"]
        w["fails"] = gate(w, o)
        rows.append(w)
    return rows


def gate(w, o):
    if o["max"] is None or not w["changed"] or w["b"] is None:
        return False
    if w["a"] is None:
        return o["fail_on_new"]
    return w["pct"] is not None and w["pct"] > o["max"]


# --- the comparison ---

def close(x, y, rel=1e-9):
    if x is None or y is None:
        return x is None and y is None
    return abs(x - y) <= rel * max(abs(x), abs(y)) + 1e-18


def name_key(k):
    return (k[0].encode(), -1 if k[1] is None else k[1])


def key_of(row, keys):
    if keys == "rank":
        return (row["region"], row["rank"])
    return (row["call_path" if keys == "call_path" else "region"], None)


def check(doc, rc, rows, keys, o):
    want = {w["key"]: w for w in rows}
    got = [(key_of(r, keys), r) for r in doc["rows"]]
    shown = {k for k, w in want.items()
             if o["threshold"] is None or w["pct"] is None or
             abs(w["pct"]) >= o["threshold"]}
    borderline = {k for k in shown ^ {k for k, _ in got}
                  if want.get(k) and want[k]["pct"] is not None and
                  close(abs(want[k]["pct"]), o["threshold"] or 0, 1e-9)}
    if {k for k, _ in got} ^ shown - borderline:
        return "rows %s, model %s" % (sorted(k for k, _ in got),
                                      sorted(shown))
    for k, r in got:
        w = want[k]
        for f in ("a", "b", "delta", "pct"):
            if not close(r[f], w[f]):
                return "%s: %s %r, model %r" % (k, f, r[f], w[f])
        for i, f in enumerate(("a_ci", "b_ci")):
            ci = w["ci"][i]
            if (r[f] is None) != (ci is None) or ci is not None and not (
                    close(r[f][0], ci[0]) and close(r[f][1], ci[1])):
                return "%s: %s %r, model %r" % (k, f, r[f], ci)
        if (r["p"] is None) != (w["p"] is None):
            return "%s: p %r, model %r" % (k, r["p"], w["p"])
        if w["p"] is not None:
            if not close(r["p"], w["p"], 1e-9):
                return "%s: p %r, scipy %r" % (k, r["p"], w["p"])
            if (r["n_a"], r["n_b"]) != w["n"]:
                return "%s: n %r, model %r" % (k, (r["n_a"], r["n_b"]), w["n"])
            if r["significant"] != (r["p"] < o["alpha"]):
                return "%s: significant %r" % (k, r["significant"])
        if o["max"] is not None and r["fails"] != w["fails"]:
            return "%s: fails %r, model %r" % (k, r["fails"], w["fails"])
    err = check_order(got, o["sort"])
    if err:
        return err
    for side, field in ((0, "only_in_a"), (1, "only_in_b")):
        only = sorted((k for k, w in want.items()
                       if (w["a"] is None) != (side == 0) and
                       (w["a"] is None) != (w["b"] is None)), key=name_key)
        g = [(x["region"], x["rank"]) if keys == "rank" else (x, None)
             for x in doc[field]]
        if g != only:
            return "%s %r, model %r" % (field, g, only)
    fails = any(w["fails"] for w in rows)
    if rc != (3 if fails else 0):
        return "exit %d, the model's failures: %s" % (
            rc, [w["key"] for w in rows if w["fails"]])
    return None


def check_order(got, sort):
    """Each row's place by sp-diff's own numbers (checked above)."""
    def place(kr):
        k, r = kr
        if sort == "name":
            return (0, 0.0, name_key(k))
        if sort == "pct":
            return ((1, 0.0, name_key(k)) if r["pct"] is None else
                    (0, -abs(r["pct"]), name_key(k)))
        return (0, -abs(r["delta"]), name_key(k))
    if [k for k, _ in sorted(got, key=place)] != [k for k, _ in got]:
        return "order (--sort %s): %s" % (sort, [k for k, _ in got])
    return None


# --- a seed ---

def options(rng):
    keys = ["region", "region", "call_path", "rank"][int(rng.integers(0, 4))]
    metrics = [m for m in METRICS
               if not (keys == "call_path" and m == "slowest") and
               not (keys == "rank" and m in ("slowest", "imbalance"))]
    metric = metrics[int(rng.integers(0, len(metrics)))]
    o = {"sort": ["delta", "pct", "name"][int(rng.integers(0, 3))],
         "threshold": None, "max": None, "fail_on_new": False, "alpha": 0.05}
    args = ["--metric", metric, "--sort", o["sort"]]
    if keys == "call_path":
        args.append("--call-paths")
    elif keys == "rank":
        args += ["--by", "rank"]
    if rng.random() < 0.4:
        o["threshold"] = float(rng.choice([0.0, 1.0, 5.0, 20.0]))
        args += ["--threshold", "%g" % o["threshold"]]
    if rng.random() < 0.4:
        o["max"] = float(rng.choice([0.0, 2.0, 10.0]))
        args += ["--max-regression", "%g%%" % o["max"]]
        if rng.random() < 0.5:
            o["fail_on_new"] = True
            args.append("--fail-on-new")
    if rng.random() < 0.2:
        o["alpha"] = 0.2
        args += ["--alpha", "0.2"]
    return metric, keys, o, args


def one_seed(seed, tmp):
    rng = np.random.default_rng(seed)
    several = rng.random() < 0.3
    nruns = [int(rng.integers(2, 5)), int(rng.integers(2, 5))] if several \
        else [1, 1]
    if several and rng.random() < 0.4:  # enough runs for an interval
        nruns = [int(rng.integers(6, 9)), int(rng.integers(6, 9))]
    files = []
    shared = NAMES[:int(rng.integers(2, 6))]
    for side in (0, 1):
        own = [n for n in NAMES if n not in shared and rng.random() < 0.3]
        for k in range(nruns[side]):
            ranks = int(rng.integers(1, 8))
            path = os.path.join(tmp, "%s%d.h5" % ("ab"[side], k))
            write(run_spec(rng, shared + own, ranks), path)
            files.append(path)
    sps = os.path.join(tmp, "calls.sps")
    with open(sps, "wb") as out:
        rd = subprocess.Popen([SP_READ] + files, stdout=subprocess.PIPE)
        st = subprocess.run([SP_STACK], stdin=rd.stdout, stdout=out,
                            check=False)
        rd.stdout.close()
        if rd.wait() != 0 or st.returncode != 0:
            return "sp-read | sp-stack failed", None
    runs = [calls_of(read_h5(f)) for f in files]
    for _ in range(4):
        metric, keys, o, args = options(rng)
        if several:
            args += ["--before", str(nruns[0])]
        cmd = [SP_DIFF, "--format", "json"] + args + [sps]
        res = subprocess.run(cmd, capture_output=True, check=False)
        if res.returncode not in (0, 3):
            return "exit %d: %s" % (res.returncode,
                                    res.stderr.decode(errors="replace")), cmd
        doc = json.loads(res.stdout)
        want = "runs" if several else (
            "calls" if metric in PER_CALL and keys != "rank" else
            "ranks" if metric in PER_RANK and keys == "region" else None)
        if doc["samples"] != want:
            return "samples %r, model %r" % (doc["samples"], want), cmd
        err = check(doc, res.returncode, model(runs, nruns[0], metric, keys,
                                               o), keys, o)
        if err:
            return err, cmd
    return None, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=float,
                    default=float(os.environ.get("SP_PROPERTY_BUDGET", 15)))
    ap.add_argument("--seeds", type=int,
                    default=int(os.environ.get("SP_PROPERTY_SEEDS", 200)))
    ap.add_argument("--seed", type=int, help="this seed only")
    a = ap.parse_args()
    if checklib.missing("check-diff", [SP_READ, SP_STACK, SP_DIFF]):
        return 1
    seeds = [a.seed] if a.seed is not None else range(a.seeds)
    start, done = time.monotonic(), 0
    tmp = tempfile.mkdtemp(prefix="check-diff.")
    try:
        for seed in seeds:
            if done > 0 and time.monotonic() - start > a.budget:
                break
            err, cmd = one_seed(seed, tmp)
            if err:
                print("seed %d: %s\n  command: %s" % (
                    seed, err, " ".join(cmd or [])))
                return 1
            done += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d seeds checked, 4 comparisons each" % done)
    return 0 if done > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
