#!/usr/bin/env python3
"""check-scale: sp-scale against a model of doc/scale.md in numpy.

Random scaling series (1 to 64 ranks, runs sharing a rank count, regions
that scale by Amdahl's law with a random serial fraction, perfectly, with
one slow rank or with a growing overhead, several calls a rank with
noise, a recursive region) are written as HDF5 profiles by spgen, read
back with h5py (tests/stats_model.py), and every number of sp-scale's
JSON, for a random measure, mode, x field and rank selection, must equal
the model's: times, speedups, efficiencies, the Karp-Flatt e, weak
normalized runtime and efficiency, imbalance, within 1e-12 relative; the
verdicts and serial fractions as doc/scale.md, "Verdicts" rules.  Then
the laws: on noiseless series of spgen scale, e must recover the serial
fraction within 1% and the verdicts name the cause (serial, scales,
overhead, imbalance) under each measure.

Seeds run until the time budget (--budget, default 15 s;
SP_PROPERTY_BUDGET) or --seeds (default 200; SP_PROPERTY_SEEDS).  Needs
h5py and numpy: without them the test is skipped, or fails under
SP_REQUIRE_ALL.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checklib  # noqa: E402

checklib.require("numpy", "h5py")
import numpy as np  # noqa: E402
import spgen_scale  # noqa: E402
import stats_model as sm  # noqa: E402
from spgen_spec import profile_from_spec  # noqa: E402
from spgen_write import write  # noqa: E402

READ, STACK, SCALE = (checklib.program(n) for n in ("read", "stack", "scale"))
GOOD, SUPER, IMB, GROWS, NOISE = 0.9, 1.1, 0.2, 1.25, 0.002


# --- the series ---

def random_series(rng):
    counts = sorted(rng.sample([1, 2, 3, 4, 6, 8, 12, 16, 32, 64],
                               rng.randint(2, 5)))
    f, c, s = rng.uniform(0.01, 0.3), rng.uniform(0.001, 0.05), rng.uniform(0, 1)
    runs = []
    for p in counts:
        for _ in range(rng.choice([1, 1, 2])):
            runs.append((p, spec(rng, p, f, c, s)))
    return runs


def spec(rng, p, f, c, s):
    T = 10_000_000
    law = {"amdahl": T * (f + (1 - f) / p), "perfect": T / p,
           "overhead": T / p + T * c * math.log2(p), "slow": T / p}
    ranks = {}
    for r in range(p):
        rows, at = [], 0
        for name, t in law.items():
            if name == "slow" and r == p - 1:
                t += T * s
            k = rng.randint(1, 3)
            starts, ends = [], []
            for _ in range(k):
                d = max(1, round(t / k * rng.uniform(0.97, 1.03)))
                starts.append(at)
                ends.append(at + d)
                at += d + rng.randint(0, 50)
            rows.append([name, starts, ends])
        # a recursive region: wall counts its outer call once
        rows.append(["rec", [at, at + 10], [at + 1000, at + 500]])
        at += 1000
        if rng.random() < 0.3 and r == 0:
            rows.append([f"only{p}", [at], [at + 10]])  # not common
            at += 10
        ranks[str(r)] = [["main", [0], [at + 5]]] + rows
    meta = {"mpi_size": p, "omp_num_threads": rng.choice([1, 2]) if p else 1,
            "case": f"p{p}"}
    return {"schema": 3, "metadata": meta, "ranks": ranks}


# --- the model (doc/scale.md) ---

def run_time(p, name, measure, ranks):
    ents = [e for r, e in sorted(p.regions[name].items())
            if (ranks is None or r in ranks)]
    timed = [e for e in ents if e.n]
    if not timed:
        return None
    if measure == "per-call":
        t = float(np.mean(sm.pooled(timed)))
    elif measure == "wall":
        t = max(e.wall for e in timed) / 1e9
    else:
        lo, mean, mx, _, _ = sm.spread(ents)
        t = mx if measure == "slowest" else mean
    imb = sm.spread(ents)[4]
    return t, imb


def x_of(p, field):
    if field == "ranks":
        return max(int(p.meta.get("mpi_size", 1)), 1 + max(
            (r for reg in p.regions.values() for r in reg), default=0))
    if field == "cores":
        return x_of(p, "ranks") * int(p.meta["omp_num_threads"])
    return int(p.meta[field])


def span(p):
    s = [int(np.min(e.starts)) for r in p.regions.values() for e in r.values() if e.n]
    t = [int(np.max(e.ends)) for r in p.regions.values() for e in r.values() if e.n]
    return (max(t) - min(s)) / 1e9


def mean_of(vals):
    vals = [v for v in vals if v is not None and math.isfinite(v) and v > 0]
    return sum(vals) / len(vals) if vals else None


def model(profiles, measure, field, ranks, weak):
    xs = sorted({x_of(p, field) for p in profiles})
    first = profiles[0]
    names = [n for n in first.order if any(
        e.n for r, e in first.regions[n].items() if ranks is None or r in ranks)]
    names = [n for n in sm.get_regions(first) if n in names]
    per = {}
    for p in profiles:
        for n in names:
            v = run_time(p, n, measure, ranks) if n in p.regions else None
            per.setdefault(n, []).append((x_of(p, field), v))
    common = [n for n in names if all(v is not None for _, v in per[n])]
    rows = [(None, [(x_of(p, field), (span(p), None)) for p in profiles])]
    rows += [(n, per[n]) for n in common]
    out = []
    for name, vals in rows:
        cells = []
        for x in xs:
            t = mean_of([v[0] for xx, v in vals if xx == x])
            imb = [v[1] for xx, v in vals if xx == x and v[1] is not None]
            cells.append((x, t, sum(imb) / len(imb) if imb else None))
        if cells[0][1] is None:
            continue
        out.append((name, derive(cells, xs[0], weak)))
    return xs, out


def derive(cells, x0, weak):
    t0 = cells[0][1]
    res = []
    for x, t, imb in cells:
        c = {"x": x, "time": t, "imbalance": imb, "speedup": None,
             "efficiency": None, "karp_flatt": None,
             "normalized_runtime": None, "weak_efficiency": None}
        if t is not None:
            p = x / x0
            c.update(speedup=t0 / t, normalized_runtime=t / t0,
                     weak_efficiency=t0 / t, efficiency=t0 / t / p)
            if p > 1:
                c["karp_flatt"] = (1 / c["speedup"] - 1 / p) / (1 - 1 / p)
        res.append(c)
    return res


def verdict(cells, weak):
    past = [c for c in cells[1:] if (c["weak_efficiency"] if weak
                                     else c["karp_flatt"]) is not None]
    if not past:
        return "-", None
    first, last = past[0], past[-1]
    eff = last["weak_efficiency"] if weak else last["efficiency"]
    if last["imbalance"] is not None and last["imbalance"] >= IMB:
        return "imbalance", None
    if eff > SUPER:
        return "superlinear", None
    if eff >= GOOD:
        return "scales", None
    if weak or last["speedup"] <= 1 or (
            len(past) > 1 and last["karp_flatt"] > GROWS * first["karp_flatt"] + NOISE):
        return "overhead", None
    return "serial", sum(c["karp_flatt"] for c in past) / len(past)


# --- the comparison ---

def close(a, b, what):
    if a is None or b is None:
        if a is not b:
            raise AssertionError(f"{what}: sp {a!r}, model {b!r}")
        return
    if not math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-15):
        raise AssertionError(f"{what}: sp {a!r}, model {b!r}")


def stream(paths, tmp):
    sps = os.path.join(tmp, "calls.sps")
    with open(sps, "wb") as out:
        r = subprocess.Popen([READ] + paths, stdout=subprocess.PIPE)
        subprocess.run([STACK], stdin=r.stdout, stdout=out, check=True)
        if r.wait() != 0:
            raise AssertionError("sp-read failed")
    return sps


def scale(sps, args):
    p = subprocess.run([SCALE, "--format", "json"] + args + [sps],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise AssertionError(f"sp-scale {' '.join(args)}: {p.stderr.strip()}")
    return json.loads(p.stdout)


def check_seed(seed, tmp):
    rng = random.Random(seed)
    runs = random_series(rng)
    paths = []
    for i, (p, sp) in enumerate(runs):
        path = os.path.join(tmp, f"run-{i:02d}.h5")
        write(profile_from_spec(sp), path)
        paths.append(path)
    profiles = [sm.read_profile(p) for p in paths]
    sps = stream(paths, tmp)
    measure = rng.choice(["per-call", "slowest", "mean-rank", "wall"])
    field = rng.choice(["ranks", "cores", "mpi_size"])
    weak = rng.random() < 0.3
    ranks = None
    args = ["--measure", measure, "--x", field] + (["--weak"] if weak else [])
    if rng.random() < 0.3:
        ranks = {0, 1}
        args += ["-r", "0-1"]
    if len({x_of(p, field) for p in profiles}) < 2:
        return 0
    doc = scale(sps, args)
    xs, rows = model(profiles, measure, field, ranks, weak)
    got = doc["rows"]
    if [r["region"] for r in got] != [n for n, _ in rows]:
        raise AssertionError(f"rows: sp {[r['region'] for r in got]}, "
                             f"model {[n for n, _ in rows]}")
    if [pt["x"] for pt in doc["points"]] != xs:
        raise AssertionError(f"points: sp {doc['points']}, model {xs}")
    for g, (name, cells) in zip(got, rows):
        for gv, mv in zip(g["values"], cells):
            for k in mv:
                close(gv[k], mv[k], f"{name} at {mv['x']}: {k}")
        v, serial = verdict(cells, weak)
        if g["verdict"] != v:
            raise AssertionError(f"{name}: verdict sp {g['verdict']}, model {v}")
        close(g["serial_fraction"], serial, f"{name}: serial fraction")
    return 1


def check_laws(tmp, rng):
    f = rng.uniform(0.02, 0.2)
    d = os.path.join(tmp, "laws")
    spgen_scale.write_series(d, "strong", [1, 2, 4, 8, 16, 32, 64], f, 0.1,
                             0.01, 1, False, 0, profile_from_spec, write)
    sps = stream(sorted(os.path.join(d, n) for n in os.listdir(d)), tmp)
    want = {"per-call": {"perfect": "scales", "amdahl": "serial",
                         "overhead": "overhead", "slow_rank": "imbalance"},
            "slowest": {"perfect": "scales", "amdahl": "serial",
                        "overhead": "overhead", "slow_rank": "imbalance"}}
    for measure, verdicts in want.items():
        doc = scale(sps, ["--measure", measure])
        rows = {r["region"]: r for r in doc["rows"]}
        for name, v in verdicts.items():
            if rows[name]["verdict"] != v:
                raise AssertionError(f"laws f={f}: {measure}: {name} is "
                                     f"{rows[name]['verdict']}, not {v}")
        e = rows["amdahl"]["serial_fraction"]
        if abs(e - f) > 0.01 * f:
            raise AssertionError(f"laws: e {e} is not the serial fraction {f}")
        if measure == "slowest":
            # a slow rank with a fixed extra time: e level, as Amdahl's
            es = [c["karp_flatt"] for c in rows["slow_rank"]["values"][1:]]
            if max(es) - min(es) > 1e-9:
                raise AssertionError(f"laws: slow_rank's e is not level: {es}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float,
                    default=float(os.environ.get("SP_PROPERTY_BUDGET", 15)))
    ap.add_argument("--seeds", type=int,
                    default=int(os.environ.get("SP_PROPERTY_SEEDS", 200)))
    ap.add_argument("--seed", type=int, help="this seed only")
    a = ap.parse_args()
    if checklib.missing("check-scale", [READ, STACK, SCALE]):
        return 1
    end = time.monotonic() + a.budget
    done = 0
    with tempfile.TemporaryDirectory() as tmp:
        try:
            check_laws(tmp, random.Random(a.seed or 1))
        except AssertionError as exc:
            print(f"FAIL: {exc}")
            return 1
        seeds = [a.seed] if a.seed is not None else range(1, a.seeds + 1)
        for seed in seeds:
            if a.seed is None and time.monotonic() > end:
                break
            sub = os.path.join(tmp, str(seed))
            os.mkdir(sub)
            try:
                done += check_seed(seed, sub)
            except (AssertionError, subprocess.CalledProcessError) as exc:
                print(f"FAIL: seed {seed}: {exc}")
                return 1
    print(f"check-scale: the laws, and {done} random series agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
