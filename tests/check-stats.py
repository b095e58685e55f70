#!/usr/bin/python3
"""check-stats: sp-stats against numpy, bit for bit, on random profiles.

For many seeds this writes a random scope-profiler file with spgen synth
(random or template shape, recursion, tricky names, zero-length calls,
threads and tasks, GPU times, stored exclusive totals, 1-4 ranks,
schemas 0-3), reads it with h5py and computes with numpy, the way the
reference does (doc/stats.md):

  * summary() ("Region records", "Rank imbalance"): every field, pooled
    durations as float64 arrays through np.mean, np.std, np.percentile,
    Python's sum over the ranks;
  * the per-rank records ("Per-rank records"): numpy over each rank's int64
    durations;
  * the display rows of print_summary ("The call tree"): each rank's calls
    reconstructed over the kept regions (doc/calls.md), their
    exclusive time from the whole tree, paths split on " > " and
    collapsed, grouped, each group through numpy, coverage as "Coverage" says;
  * the lanes' records (sp's own: the per-rank rules per lane).

It then runs sp-read FILE | sp-stack | sp-stats with random options
(--ranks, --include, --exclude, a tiny -S so that every store spills,
--approx) and compares every key of every record: exactly, or within the
stated 0.78% for percentiles with --approx (and 1e-9 relative for its
sums and moments, which are exact sums rather than numpy's).  It also
draws the text table from the rows it computed and compares it with
sp-stats' text, character for character, with random columns, sorts,
--top, --max-depth and percentage modes.

    /usr/bin/python3 tests/check-stats.py [--seeds N] [--first S] [-v]

Programs from SP_READ, SP_STACK, SP_STATS or SP_BUILDDIR (default build).
Exits 77 without h5py/numpy (1 under SP_REQUIRE_ALL), 1 on a mismatch,
printing the seed and the commands that reproduce it.
"""

import argparse
import bisect
import contextlib
import io
import json
import math
import os
import random
import re
import shlex
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
import stats_model as model  # noqa: E402

SP_READ = checklib.program("read")
SP_STACK = checklib.program("stack")
SP_STATS = checklib.program("stats")


class Mismatch(Exception):
    pass


def choose(seed):
    rnd = random.Random(seed)
    schema = rnd.choice([0, 1, 2, 3, 3])
    lanes_ok = schema >= 2
    o = {
        "schema": schema,
        "shape": rnd.choice(["random", "random", "template"]),
        "names": rnd.choice(["plain", "plain", "tricky"]),
        "ranks": rnd.choice([1, 1, 2, 3, 4]),
        "calls": rnd.choice([0, 1, 2, 5, 20, 60, 200, 700]),
        "regions": rnd.randint(1, 10),
        "depth": rnd.randint(1, 7),
        "threads": rnd.choice([0, 0, 1, 2, 3]) if lanes_ok else 0,
        "tasks": rnd.choice([0, 0, 0, 1, 3]) if lanes_ok else 0,
        "gpu": rnd.random() < 0.25,
        "exclusive": lanes_ok and rnd.random() < 0.3,
        "unsorted": rnd.random() < 0.3,
        "seed": seed,
    }
    if rnd.random() < 0.1:
        # a region of more than 8192 calls: its sums go in numpy's blocks
        o.update(calls=rnd.choice([9000, 20000]), regions=rnd.randint(1, 3),
                 shape="random")
    opts = {
        "ranks": None, "include": [], "exclude": [],
        "mem": rnd.choice([None, None, "1k", "64k"]),
        "approx": rnd.random() < 0.15,
        "rnd": rnd,
    }
    if o["ranks"] > 1 and rnd.random() < 0.3:
        opts["ranks"] = sorted(rnd.sample(range(o["ranks"]),
                                          rnd.randint(1, o["ranks"])))
    opts["filter_roll"] = rnd.random()
    return o, opts


def synth_argv(o, out):
    argv = ["synth", out, "--schema", str(o["schema"]), "--shape", o["shape"],
            "--names", o["names"], "--ranks", str(o["ranks"]),
            "--calls", str(o["calls"]), "--regions", str(o["regions"]),
            "--depth", str(o["depth"]), "--threads", str(o["threads"]),
            "--tasks", str(o["tasks"]), "--seed", str(o["seed"])]
    for flag in ("gpu", "exclusive", "unsorted"):
        if o[flag]:
            argv.append("--" + flag)
    return argv


def pick_filters(opts, names):
    rnd, roll = opts["rnd"], opts["filter_roll"]
    if not names:
        return
    if roll < 0.15 and len(names) > 1:
        opts["exclude"] = [re.escape(rnd.choice(names)) + "$"]
    elif roll < 0.25:
        chosen = rnd.sample(names, rnd.randint(1, len(names)))
        opts["include"] = [re.escape(n[:rnd.randint(1, len(n))]) if n else ""
                           for n in chosen]


def run(argv, stdin=None):
    p = subprocess.run(argv, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def stats_argv(opts, *extra):
    argv = [SP_STATS]
    if opts["ranks"] is not None:
        argv += ["-r", ",".join(map(str, opts["ranks"]))]
    for p in opts["include"]:
        argv += ["-i", p]
    for p in opts["exclude"]:
        argv += ["-x", p]
    if opts["mem"]:
        argv += ["-S", opts["mem"]]
    if opts["approx"]:
        argv.append("--approx")
    return argv + list(extra)


# ---------------------------------------------------------------------------
# Comparing

REL_APPROX = 1 / 129
FOLDED = re.compile(r"^sp-stats: .*: run .*: --approx: the call paths outgrew "
                    r"-S \d+ bytes after \d+ of them: the report has a row per "
                    r"region\n$")
APPROX_PCT = re.compile(r"^p\d\d(_duration)?$")


def same(key, want, got, approx):
    if isinstance(want, float) and isinstance(got, (int, float)) and \
            not isinstance(got, bool):
        if not approx:
            return want == got or (math.isnan(want) and math.isnan(got))
        if APPROX_PCT.match(key):
            return abs(got - want) <= REL_APPROX * abs(want) + 1e-18
        return abs(got - want) <= 1e-9 * abs(want) + 1e-15
    return want == got


def compare(what, want, got, approx):
    if len(want) != len(got):
        raise Mismatch(f"{what}: {len(got)} records, expected {len(want)}\n"
                       f"  expected names {[w.get('name') for w in want]}\n"
                       f"  got      {[g.get('name') for g in got]}")
    for i, (w, g) in enumerate(zip(want, got)):
        if list(w) != list(g)[:len(w)]:
            raise Mismatch(f"{what} record {i}: keys\n  expected {list(w)}\n"
                           f"  got      {list(g)}")
        for k in w:
            if not same(k, w[k], g[k], approx):
                raise Mismatch(f"{what} record {i} ({w.get('name')}) key {k}: "
                               f"expected {w[k]!r}, got {g[k]!r}")


def check_seed(seed, tmp, verbose):
    o, opts = choose(seed)
    path = os.path.join(tmp, f"seed{seed}.h5")
    argv = synth_argv(o, path)
    errbuf = io.StringIO()
    with contextlib.redirect_stderr(errbuf):
        if spgen.main(argv) != 0:
            raise Mismatch(f"spgen failed: {errbuf.getvalue().strip()}")
    prof = model.read_profile(path)
    pick_filters(opts, prof.order)
    calls = os.path.join(tmp, f"seed{seed}.calls")
    rc, out, err = run([SP_READ, "-q", "-o", calls, path])
    if rc != 0:
        raise Mismatch(f"sp-read failed: {err}")
    rc, out, err = run([SP_STACK, "-o", calls + ".s", calls])
    if rc != 0:
        raise Mismatch(f"sp-stack failed: {err}")
    os.replace(calls + ".s", calls)
    sel = model.Selection(opts["ranks"], opts["include"] or None,
                          opts["exclude"] or None)
    what = (f"seed {seed}: spgen.py {' '.join(argv)}\n  "
            f"sp-read FILE | sp-stack | {shlex.join(stats_argv(opts)[1:])}")
    approx = opts["approx"]
    checks = [
        ("--format json", model.summary(prof, sel)),
        ("--by rank --format json", model.rank_records(prof, sel)),
        ("--by lane --format json", model.lane_records(prof, sel)),
        ("--call-paths --format json", model.path_records(prof, sel)),
    ]
    for args, want in checks:
        rc, out, err = run(stats_argv(opts, *args.split(), calls))
        if rc != 0:
            raise Mismatch(f"{what} {args}: exit {rc}: {err}")
        if FOLDED.search(err):
            # --approx keeps the paths within -S: past it, a row per region
            if not approx or not args.startswith("--call-paths"):
                raise Mismatch(f"{what} {args}: folded: {err}")
            want = model.path_records(prof, sel, folded=True)
        elif err:
            raise Mismatch(f"{what} {args}: stderr: {err}")
        compare(f"{what} {args}", want, json.loads(out), approx)
    if not approx:
        check_tables(prof, sel, opts, calls, what)
    if verbose:
        print(f"seed {seed}: {prof.ncalls} calls, {len(prof.order)} regions, "
              f"{o['ranks']} ranks, schema {o['schema']}, threads {o['threads']} "
              f"tasks {o['tasks']}{' gpu' if o['gpu'] else ''}"
              f"{' approx' if approx else ''}{' -S ' + opts['mem'] if opts['mem'] else ''}")


def check_tables(prof, sel, opts, calls, what):
    rnd = opts["rnd"]
    cols = list(model.TABLE_COLUMNS)
    for _ in range(3):
        args = []
        columns = None
        if rnd.random() < 0.7:
            columns = rnd.sample(cols, rnd.randint(1, 6))
            if rnd.random() < 0.5:
                columns = ["region"] + columns
            args += ["--columns", ",".join(columns)]
        sort = rnd.choice([None, "start", "start", "total", "calls", "name",
                           "avg", "p95", "imbalance", "first", "max"])
        if sort is not None:
            args += ["--sort", sort]
        top = rnd.choice([None, None, 1, 3])
        if top is not None:
            args += ["--top", str(top)]
        depth = rnd.choice([None, None, 0, 1, 2])
        if depth is not None:
            args += ["--max-depth", str(depth)]
        mode = rnd.choice(["coverage", "exclusive"])
        args += ["--percent", mode]
        want = model.table_text(prof, sel, columns, sort, top, mode,
                                cwd=os.getcwd(), max_depth=depth)
        rc, out, err = run(stats_argv(opts, *args, calls))
        if rc != 0:
            raise Mismatch(f"{what} {shlex.join(args)}: exit {rc}: {err}")
        got = out.decode("utf-8", "surrogateescape")
        if got != want:
            wl, gl = want.splitlines(), got.splitlines()
            for i, (a, b) in enumerate(zip(wl, gl)):
                if a != b:
                    raise Mismatch(f"{what} {shlex.join(args)}: line {i + 1}:\n"
                                   f"  expected {a!r}\n  got      {b!r}")
            raise Mismatch(f"{what} {shlex.join(args)}: {len(gl)} lines, "
                           f"expected {len(wl)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=int(os.environ.get(
        "SP_PROPERTY_SEEDS", 200)))
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--budget", type=float, default=float(os.environ.get(
        "SP_PROPERTY_BUDGET", 15)))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if checklib.missing("check-stats", (SP_READ, SP_STACK, SP_STATS)):
        return 1
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="sp-stats-property.")
    done = 0
    try:
        for seed in range(args.first, args.first + args.seeds):
            if time.monotonic() - t0 > args.budget:
                print(f"time budget of {args.budget:.0f} s reached after "
                      f"{done} seeds")
                break
            try:
                check_seed(seed, tmp, args.verbose)
            except Mismatch as exc:
                print(f"FAIL {exc}")
                keep = os.path.join(os.getcwd(), f"check-stats-seed{seed}.h5")
                with contextlib.suppress(OSError):
                    shutil.copy(os.path.join(tmp, f"seed{seed}.h5"), keep)
                    print(f"  kept the file as {keep}")
                return 1
            done += 1
            for f in os.listdir(tmp):
                with contextlib.suppress(OSError):
                    os.remove(os.path.join(tmp, f))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{done} seeds: every summary(), per-rank, lane and call-path "
          f"record and the tables as numpy and the reference's rules give them "
          f"({time.monotonic() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
