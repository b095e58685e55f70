#!/usr/bin/env python3
"""Check a .prof file with Python's own marshal and pstats (stdlib only).

  check-prof.py FILE.prof
      Print the statistics dict as canonical JSON, in dict order:
      [[key, cc, nc, tt, ct, callers], ...], key = [file, line, func],
      callers = [[key, cc, nc, tt, ct], ...] (or [key, count] for the
      pure-Python profile module's bare counts).  Floats are Python's
      repr, so the JSON reads back to the very same numbers.

  check-prof.py FILE.prof EXPECTED.json [--any-order] [--tol T] [--bytes]
      Compare with an expected description in that form (or with another
      .prof file: EXPECTED ending in .prof is loaded with marshal).  By default
      entries and callers must come in the same order and times must be
      equal; --any-order compares as dicts do, --tol allows an absolute
      difference on times, --bytes also requires the file to be exactly
      marshal.dumps(stats, 2).  Exit 0 when they match, 1 otherwise.

  check-prof.py --report SORT [--top N] FILE.prof
      Print pstats.Stats(...).sort_stats(SORT).print_stats(N) for the
      dict, built in memory so that no file/date title line comes first.
      SORT and N may be comma-separated lists (N = -1: no limit): every
      combination is printed, each after a line "=== SORT N".

  check-prof.py --invariants FILE.prof [EXPECTED.json ...]
      Check cc <= nc, tt <= ct + 1e-9 and that every caller key has its
      own entry (with EXPECTED, as well as comparing).

  check-prof.py --pairs A.prof A.json B.prof B.json ... [options]
      Compare several files in one run (Python starts once).

Every mode loads the file with both marshal.load and pstats.Stats (a
non-empty dict) and exits 2 if either refuses it.
"""

import argparse
import io
import json
import marshal
import pstats
import sys


class _Loaded:
    """What pstats.Stats accepts besides a file name: create_stats + stats."""

    def __init__(self, stats):
        self.stats = stats

    def create_stats(self):
        pass


def load(path):
    with open(path, "rb") as f:
        raw = f.read()
    stats = marshal.loads(raw)
    if not isinstance(stats, dict):
        raise ValueError("not a dict: %r" % type(stats))
    if stats:
        st = pstats.Stats(path, stream=io.StringIO())
        if st.total_calls != sum(v[1] for v in stats.values()):
            raise ValueError("pstats counts %d calls" % st.total_calls)
    return raw, stats


def canonical(stats):
    out = []
    for key, (cc, nc, tt, ct, callers) in stats.items():
        cl = []
        for ck, cv in callers.items():
            if isinstance(cv, tuple):
                cl.append([list(ck)] + list(cv))
            else:
                cl.append([list(ck), cv])
        out.append([list(key), cc, nc, tt, ct, cl])
    return out


def from_json(desc):
    stats = {}
    for key, cc, nc, tt, ct, callers in desc:
        cd = {}
        for c in callers:
            cd[tuple(c[0])] = tuple(c[1:]) if len(c) > 2 else c[1]
        stats[tuple(key)] = (cc, nc, tt, ct, cd)
    return stats


def same_value(a, b, tol):
    """Counts equal (and ints), times within tol; a bare count as is."""
    if isinstance(a, tuple) != isinstance(b, tuple):
        return False
    if not isinstance(a, tuple):
        return type(a) is type(b) and a == b
    if len(a) != len(b):
        return False
    for i, (x, y) in enumerate(zip(a, b)):
        if i < 2:
            if type(x) is not int or type(y) is not int or x != y:
                return False
        elif abs(x - y) > tol:
            return False
    return True


def compare(got, want, ordered, tol):
    """A list of differences, empty when got matches want."""
    diffs = []
    if ordered and list(got) != list(want):
        diffs.append("key order: got %r, want %r" % (list(got), list(want)))
    for key in want:
        if key not in got:
            diffs.append("missing %r" % (key,))
    for key, v in got.items():
        if key not in want:
            diffs.append("unexpected %r: %r" % (key, v))
            continue
        w = want[key]
        if not same_value(v[:4], w[:4], tol):
            diffs.append("%r: got %r, want %r" % (key, v[:4], w[:4]))
        gc, wc = v[4], w[4]
        if ordered and list(gc) != list(wc):
            diffs.append("%r: caller order %r, want %r"
                         % (key, list(gc), list(wc)))
        if set(gc) != set(wc):
            diffs.append("%r: callers %r, want %r"
                         % (key, sorted(gc), sorted(wc)))
            continue
        for ck in gc:
            if not same_value(gc[ck], wc[ck], tol):
                diffs.append("%r <- %r: got %r, want %r"
                             % (key, ck, gc[ck], wc[ck]))
    return diffs


def invariants(stats):
    bad = []
    for key, (cc, nc, tt, ct, callers) in stats.items():
        if cc > nc:
            bad.append("%r: cc %d > nc %d" % (key, cc, nc))
        if tt > ct + 1e-9:
            bad.append("%r: tt %r > ct %r" % (key, tt, ct))
        for ck in callers:
            if ck not in stats:
                bad.append("%r: caller %r has no entry" % (key, ck))
    return bad


def check(a, prof, expected):
    """Exit status for one file: 0 good, 1 different, 2 unreadable."""
    try:
        raw, stats = load(prof)
    except Exception as ex:  # any refusal is the finding
        print("%s: cannot load: %s: %s" % (prof, type(ex).__name__, ex))
        return 2
    if a.report:
        sorts = a.report.split(",")
        tops = [int(t) for t in a.top.split(",")] if a.top else [-1]
        many = len(sorts) * len(tops) > 1
        for sort in sorts:
            for top in tops:
                if many:
                    print("=== %s %d" % (sort, top))
                st = pstats.Stats(_Loaded(dict(stats))) if stats \
                    else pstats.Stats()
                st.sort_stats(sort)
                if top < 0:
                    st.print_stats()
                else:
                    st.print_stats(top)
        return 0
    bad = invariants(stats) if a.invariants else []
    for b in bad:
        print("%s: %s" % (prof, b))
    if expected is None:
        if not a.invariants:
            json.dump(canonical(stats), sys.stdout)
            print()
        return 1 if bad else 0
    if expected.endswith(".prof"):
        with open(expected, "rb") as f:
            want = marshal.load(f)
    else:
        with open(expected, encoding="utf-8") as f:
            want = from_json(json.load(f))
    diffs = compare(stats, want, not a.any_order, a.tol)
    if a.bytes and marshal.dumps(stats, 2) != raw:
        diffs.append("bytes differ from marshal.dumps(stats, 2)")
    for d in diffs:
        print("%s: %s" % (prof, d))
    return 1 if diffs or bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", metavar="FILE")
    ap.add_argument("--pairs", action="store_true")
    ap.add_argument("--any-order", action="store_true")
    ap.add_argument("--tol", type=float, default=0.0)
    ap.add_argument("--bytes", action="store_true")
    ap.add_argument("--report", metavar="SORT")
    ap.add_argument("--top")
    ap.add_argument("--invariants", action="store_true")
    a = ap.parse_args()
    if a.pairs:
        if len(a.files) % 2:
            ap.error("--pairs takes .prof and .json files in pairs")
        return max(check(a, a.files[i], a.files[i + 1])
                   for i in range(0, len(a.files), 2))
    if len(a.files) > 2:
        ap.error("one .prof file and at most one expected .json")
    return check(a, a.files[0], a.files[1] if len(a.files) > 1 else None)


if __name__ == "__main__":
    sys.exit(main())
