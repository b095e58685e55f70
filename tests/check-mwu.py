#!/usr/bin/env python3
"""check-mwu: libsp's U test and median CI against scipy and a model.

Random samples (sizes 1..30, a few of 200, 1000 and 20000; continuous,
integer with ties, integer without) go to sp-statcheck (tests/tools), whose
U1, p-value and method must equal scipy.stats.mannwhitneyu(x, y) with its
defaults: U1 exactly, p within 1e-12 relative (or both below 1e-300), the
method the one scipy's "auto" picks.  Integer samples also go through
sp_stats_pool and sp_stats_sort with a load bound small enough for
several runs.  Random sorted samples (sizes 0..40, some up to 3000, four
confidence levels) give the median and its confidence interval, against a
model of benchmath's rule written here: the binomial with exact integers
up to 30 values, scipy's normal law above, numpy's median_unbiased
quantile for the median.

Seeds run until the time budget (--budget, default 30 s;
SP_PROPERTY_BUDGET) or --seeds (default 400; SP_PROPERTY_SEEDS); a mismatch
prints the seed and the question.  Needs numpy and scipy (python3-scipy):
without them the test is skipped, or fails under SP_REQUIRE_ALL.
"""

import argparse
import math
import os
import subprocess
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checklib  # noqa: E402

checklib.require("numpy", "scipy.stats")
import numpy as np  # noqa: E402
from scipy import stats  # noqa: E402

STATCHECK = os.environ.get("SP_STATCHECK",
                           os.path.join(checklib.BUILD, "tests", "sp-statcheck"))


# --- the samples ---

def sample(rng, n, kind, shift):
    if kind == "continuous":
        return list(rng.normal(shift, 1.0, n))
    if kind == "ties":
        hi = int(rng.integers(2, 12))
        return [int(v) for v in rng.integers(0, hi, n) + int(shift)]
    # integers without ties in the pair: drawn from one permutation later
    return None


def pair(rng, n1, n2):
    kind = ["continuous", "ties", "distinct"][int(rng.integers(0, 3))]
    shift = float(rng.choice([0.0, 0.3, 1.0, 3.0]))
    if kind == "distinct":
        v = rng.permutation(10 * (n1 + n2))[:n1 + n2] - 5 * (n1 + n2)
        v = [int(a) for a in v]
        return kind, v[:n1], [a + int(shift * 3) * (a % 2) for a in v[n1:]]
    x = sample(rng, n1, kind, 0.0)
    y = sample(rng, n2, kind, shift)
    if kind == "continuous" and rng.integers(0, 4) == 0:
        y = [a - 1e-3 for a in y]
    return kind, x, y


def sizes(rng):
    r = int(rng.integers(0, 40))
    if r == 0:
        return 1000, int(rng.integers(9, 1000))
    if r == 1:
        return 20000, int(rng.choice([9, 30, 20000]))
    if r == 2:
        return int(rng.integers(1, 9)), 200
    return int(rng.integers(1, 31)), int(rng.integers(1, 31))


def fmt(v):
    return repr(float(v)) if isinstance(v, float) else str(v)


# --- the models ---

def scipy_method(x, y):
    if len(x) > 8 and len(y) > 8:
        return "asymptotic"
    return "asymptotic" if len(set(x + y)) < len(x) + len(y) else "exact"


def median_model(xs, conf):
    """benchmath's median and CI orders, written from its rule."""
    n = len(xs)
    center = float(np.quantile(xs, 0.5, method="median_unbiased")) if n else math.nan
    if conf >= 1:
        lo, hi, c = 0, n + 1, Fraction(1)
    elif n <= 30:
        def pmf(k):
            return Fraction(math.comb(n, k), 2 ** n) if 0 <= k <= n else Fraction(0)
        x = math.ceil(Fraction(n + 1, 2)) - 1
        lo, hi, c = x, x + 1, pmf(x)
        while c < Fraction(conf) and (pmf(lo - 1) > 0 or pmf(hi) > 0):
            if pmf(lo - 1) >= pmf(hi):
                c += pmf(lo - 1)
                lo -= 1
            else:
                c += pmf(hi)
                hi += 1
    else:
        mu, sd = n / 2, math.sqrt(n / 4)
        l1 = stats.norm.ppf((1 - conf) / 2, mu, sd)
        r1 = 2 * mu - l1
        lo, hi = math.floor(l1 - 0.5) + 1, math.ceil(r1 - 0.5) + 1

        def band(a, b):
            return stats.norm.cdf(b - 0.5, mu, sd) - stats.norm.cdf(a - 0.5, mu, sd)
        c = band(lo, hi)
        if conf <= band(lo, hi - 1) < c:
            c, hi = band(lo, hi - 1), hi - 1
        if lo <= 0 and hi >= n + 1:
            c = 1
    lo, hi = max(lo, 0), min(hi, n + 1)
    vlo = xs[lo - 1] if lo >= 1 else -math.inf
    vhi = xs[hi - 1] if hi <= n else math.inf
    return center, vlo, vhi, float(c), lo, hi


# --- the comparisons ---

def close(a, b, rel):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    if abs(a) < 1e-300 and abs(b) < 1e-300:
        return True
    return abs(a - b) <= rel * max(abs(a), abs(b))


def check_mwu(ans, x, y):
    want = stats.mannwhitneyu(x, y)
    f = ans.split()
    if f[0] == "error":
        return "error: " + ans
    u1, p, meth = float(f[0]), float(f[1]), f[2]
    if u1 != float(want.statistic):
        return "U1 %r, scipy %r" % (u1, float(want.statistic))
    if not close(p, float(want.pvalue), 1e-12):
        return "p %r, scipy %r" % (p, float(want.pvalue))
    if meth != scipy_method(x, y):
        return "method %s, scipy %s" % (meth, scipy_method(x, y))
    return None


def check_median(ans, xs, conf):
    want = median_model(sorted(xs), conf)
    f = ans.split()
    got = [float(v) for v in f[:4]] + [int(f[4]), int(f[5])]
    if got[4:] != list(want[4:]):
        return "orders %s, model %s" % (got[4:], list(want[4:]))
    if got[1] != want[1] or got[2] != want[2]:
        return "interval %r %r, model %r %r" % (got[1], got[2], want[1], want[2])
    if not close(got[0], want[0], 1e-12) and not abs(got[0] - want[0]) < 1e-12:
        return "median %r, model %r" % (got[0], want[0])
    if not close(got[3], want[3], 1e-12):
        return "confidence %r, model %r" % (got[3], want[3])
    return None


def questions(seed):
    """The questions of one seed: (line, checker, args)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(6):
        n1, n2 = sizes(rng)
        if rng.integers(0, 2):
            n1, n2 = n2, n1
        kind, x, y = pair(rng, n1, n2)
        line = "mwu %d %d %s" % (n1, n2, " ".join(fmt(v) for v in x + y))
        out.append((line, check_mwu, (x, y)))
        if kind != "continuous":
            load = 16 * int(rng.choice([1024, 4096, 1 << 20]))
            line = "mwui %d %d %d %s" % (load, n1, n2,
                                         " ".join(str(v) for v in x + y))
            out.append((line, check_mwu, (x, y)))
    for _ in range(4):
        n = int(rng.integers(0, 41)) if rng.integers(0, 4) else int(rng.integers(31, 3000))
        conf = float(rng.choice([0.95, 0.95, 0.9, 0.99, 0.5, 1.0]))
        if rng.integers(0, 2):
            xs = list(rng.normal(10, 3, n))
        else:
            xs = [float(v) for v in rng.integers(0, 5, n)]
        line = "median %r %d %s" % (conf, n, " ".join(repr(v) for v in xs))
        out.append((line, check_median, (xs, conf)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=float,
                    default=float(os.environ.get("SP_PROPERTY_BUDGET", 30)))
    ap.add_argument("--seeds", type=int,
                    default=int(os.environ.get("SP_PROPERTY_SEEDS", 400)))
    a = ap.parse_args()
    if checklib.missing("check-mwu", [STATCHECK]):
        return 1
    start, done, asked = time.monotonic(), 0, 0
    for seed in range(a.seeds):
        if done > 0 and time.monotonic() - start > a.budget:
            break
        qs = questions(seed)
        text = "".join(q[0] + "\n" for q in qs)
        res = subprocess.run([STATCHECK], input=text, capture_output=True,
                             text=True, check=False)
        answers = res.stdout.splitlines()
        if res.returncode != 0 or len(answers) != len(qs):
            print("seed %d: sp-statcheck exited %d: %s" % (seed, res.returncode,
                                                          res.stderr.strip()))
            return 1
        for (line, checker, args), ans in zip(qs, answers):
            err = checker(ans, *args)
            if err is not None:
                print("seed %d: %s\n  question: %s\n  answer: %s" %
                      (seed, err, line[:300], ans))
                return 1
        done += 1
        asked += len(qs)
    print("%d seeds, %d questions checked" % (done, asked))
    return 0 if done > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
