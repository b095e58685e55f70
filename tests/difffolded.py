#!/usr/bin/env python3
"""difffolded.py [-n] BEFORE AFTER: what difffolded.pl writes, in Python.

Written from the format's description (doc/exports.md, "The two-count format"),
to check sp-flame --folded --diff against it independently: each input is
folded stacks, "path count" lines; counts of a repeated path add up; a path
that one file lacks has 0 there; each output line is "path count_before
count_after".  With -n and totals that differ, every before count becomes
int(count * total_after / total_before), taken exactly here (in integers).
Lines are sorted (difffolded.pl writes them in Perl's hash order, which
flamegraph.pl sorts anyway).
"""

import sys


def read(path):
    counts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            stack, _, count = line.rpartition(" ")
            counts[stack] = counts.get(stack, 0) + int(count)
    return counts


def main(argv):
    normalize = argv[:1] == ["-n"]
    if normalize:
        argv = argv[1:]
    if len(argv) != 2:
        print("usage: difffolded.py [-n] BEFORE AFTER", file=sys.stderr)
        return 2
    a, b = read(argv[0]), read(argv[1])
    ta, tb = sum(a.values()), sum(b.values())
    if normalize and ta != tb and ta > 0:
        a = {k: v * tb // ta for k, v in a.items()}
    for stack in sorted(set(a) | set(b)):
        print(stack, a.get(stack, 0), b.get(stack, 0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
