#!/usr/bin/python3
"""check-json-strings: JSON strings in, the same JSON strings out.

For many seeds this writes a JSON profile whose region names and metadata
values are random strings of what Python's json reads: ASCII, non-ASCII,
escapes of every kind, valid surrogate pairs, lone high and low
surrogates ("sol\\ud800ve", "\\udc00", a high one before a \\u escape that
is no low one, at the end of a string), \\u0000 in metadata, and escaped
backslashes before a "u".  Padding moves each document so that its
escapes straddle sp-read's 256 KiB input chunks at every offset.  It runs
`sp-read FILE | sp-json` and checks, with Python's json as the
reference, that the document read back holds the same strings, and that
each name is written as Python's json.dumps writes it.

    /usr/bin/python3 tests/check-json-strings.py [--seeds N] [-v]

The programs come from SP_READ and SP_JSON (meson test sets them) or from
a build tree given by SP_BUILDDIR (default: build).  Exits 1 on the first
mismatch, printing the seed.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

CHUNK = 1 << 18
PIECES = ["a", "solve", " ", "\u00e9", "\u4e2d", "\U0001f600", "\ud800",
          "\udbff", "\udc00", "\udfff", "\udc80", "\ud83d\ude00", '"', "\\",
          "\n", "\t", "\x01", "/", "\\u", "u0041"]


def program(name):
    env = "SP_" + name.upper().replace("-", "_")
    if os.environ.get(env):
        return os.environ[env]
    return os.path.join(os.environ.get("SP_BUILDDIR", "build"), "cmd",
                        "sp-" + name)


def random_string(rng, nul):
    s = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 6)))
    if nul and rng.random() < 0.3:
        s += "\x00" + rng.choice(["\ud800", "x", ""])
    return s


def escape_variants(text, rng):
    """The JSON text of a str, escapes as json.dumps writes them or not."""
    out = json.dumps(text)
    if rng.random() < 0.5:
        out = out.replace("\\u00e9", "\\u00E9")
    return out


def document(rng, seed):
    names = []
    while len(names) < rng.randint(1, 6):
        n = random_string(rng, False)
        if n not in names and "\x00" not in n:
            names.append(n)
    meta = {"k%d" % i: random_string(rng, True) for i in range(3)}
    rows = ", ".join(
        '{"name": %s, "rank": 0, "start_times_ns": [%d], '
        '"end_times_ns": [%d]}' % (escape_variants(n, rng), 10 * i,
                                   10 * i + 5)
        for i, n in enumerate(names))
    head = ('{"format": "scope-profiler-profile", "format_version": 1, '
            '"num_ranks": 1, "event_data_available": true, "pad": "')
    rest = ('", "metadata": {%s}, "regions": [%s]}' % (
        ", ".join("%s: %s" % (json.dumps(k), escape_variants(v, rng))
                  for k, v in meta.items()), rows))
    # put the first escape after the padding across the chunk boundary
    shift = seed % 13
    first = rest.find("\\")
    pad = CHUNK - len(head) - (first if first >= 0 else 0) - shift
    # what Python's json reads the text as (a pair written as two lone
    # surrogates is one character)
    back = json.loads(json.dumps([names, meta]))
    return head + "x" * max(pad, 0) + rest, back[0], back[1]


def check(seed, tmp, verbose):
    rng = random.Random(seed)
    text, names, meta = document(rng, seed)
    path = os.path.join(tmp, "in.json")
    with open(path, "w", encoding="ascii") as f:
        f.write(text)
    read = subprocess.run([program("read"), path], capture_output=True)
    if read.returncode != 0:
        return "sp-read: %s" % read.stderr.decode(errors="replace")
    out = subprocess.run([program("json")], input=read.stdout,
                         capture_output=True)
    if out.returncode != 0:
        return "sp-json: %s" % out.stderr.decode(errors="replace")
    got_text = out.stdout.decode("ascii")
    got = json.loads(got_text)
    got_names = [r["name"] for r in got["regions"]]
    if got_names != names:
        return "names %r, want %r" % (got_names, names)
    for n in names:
        if json.dumps(n) not in got_text:
            return "name %r not written as %s" % (n, json.dumps(n))
    if got["metadata"] != meta:
        return "metadata %r, want %r" % (got["metadata"], meta)
    if verbose:
        print("seed %d: %d names ok" % (seed, len(names)))
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(a.seeds):
            why = check(seed, tmp, a.v)
            if why is not None:
                print("check-json-strings: seed %d: %s" % (seed, why))
                return 1
    print("check-json-strings: %d documents, every string back as read"
          % a.seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
