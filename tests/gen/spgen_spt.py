"""spgen spt, spt-synth, spt-broken: scope-profiler's native binary traces.

The layout is that of doc/formats.md, "Native traces": one file
per rank, written with fwrite in the writer's byte order, no padding:

    "SCOPEPRF", int32 version (1 or 2), int32 rank, int64 R, then R records:
    int32 name length, name (UTF-8, no NUL),
    [version 2: int32 source length, source, int32 source line],
    int64 c, c int64 starts, c int64 ends.

Spec files (spgen.py spt SPEC OUT)
==================================

A JSON object:

  version     1 or 2 (default 2)
  byteorder   "little" (default) or "big"
  ranks       {"<rank>": [row, ...]}: one file per rank, rows in order
  raw         optional overrides, applied per file, for damaged files:
                magic (a string of 8 characters, latin-1), version (the
                int32 field as written), nregions (the int64 R as
                written), trailing (hex of bytes to append), cut (keep
                the first N bytes)

A row is [name, starts, ends] or [name, starts, ends, {extras}] with the
extras (version 2) source_file (default "": unknown) and source_lineno
(default -1: unknown), and, for damage, name_len, source_len and count
(the integer written in place of the true one) and name_bytes (hex: the
name's bytes as written, which need not be UTF-8).

OUT: a spec of one rank and an OUT ending in .spt writes that file;
otherwise OUT is a prefix, and rank r goes to OUT_rank<rrrrr>.spt (five
digits, as the C writer names its files).
"""

import random
import struct

from spgen_write import SpecError

MAGIC = b"SCOPEPRF"


def _row_bytes(row, version, end):
    if not isinstance(row, list) or len(row) not in (3, 4):
        raise SpecError(f"spt row {row!r}: [name, starts, ends, {{extras}}]")
    name, starts, ends = row[0], row[1], row[2]
    extra = row[3] if len(row) == 4 else {}
    if len(starts) != len(ends) and "count" not in extra:
        raise SpecError(f"spt row {name!r}: {len(starts)} starts, {len(ends)} ends")
    nb = bytes.fromhex(extra["name_bytes"]) if "name_bytes" in extra \
        else name.encode("utf-8")
    out = struct.pack(end + "i", extra.get("name_len", len(nb))) + nb
    if version == 2:
        sb = extra.get("source_file", "").encode("utf-8")
        out += struct.pack(end + "i", extra.get("source_len", len(sb))) + sb
        out += struct.pack(end + "i", extra.get("source_lineno", -1))
    out += struct.pack(end + "q", extra.get("count", len(starts)))
    out += struct.pack(end + f"{len(starts)}q", *starts)
    out += struct.pack(end + f"{len(ends)}q", *ends)
    return out


def spt_bytes(rank, rows, version=2, byteorder="little", raw=None):
    """The bytes of one rank's file."""
    raw = raw or {}
    end = "<" if byteorder == "little" else ">"
    magic = raw.get("magic", MAGIC)
    if isinstance(magic, str):
        magic = magic.encode("latin-1")
    out = magic + struct.pack(end + "i", raw.get("version", version))
    out += struct.pack(end + "i", rank)
    out += struct.pack(end + "q", raw.get("nregions", len(rows)))
    for row in rows:
        out += _row_bytes(row, version, end)
    out += bytes.fromhex(raw.get("trailing", ""))
    if "cut" in raw:
        out = out[:raw["cut"]]
    return out


def out_path(out, rank, nranks):
    if nranks == 1 and out.endswith(".spt"):
        return out
    return f"{out}_rank{rank:05d}.spt"


def write_spec(spec, out):
    if not isinstance(spec, dict) or "ranks" not in spec:
        raise SpecError('an spt spec needs "ranks"')
    version = spec.get("version", 2)
    order = spec.get("byteorder", "little")
    if version not in (1, 2) or order not in ("little", "big"):
        raise SpecError("spt: version 1 or 2, byteorder little or big")
    ranks = spec["ranks"]
    for r, rows in ranks.items():
        data = spt_bytes(int(r), rows, version, order, spec.get("raw"))
        with open(out_path(out, int(r), len(ranks)), "wb") as f:
            f.write(data)


# --- synthetic traces ---------------------------------------------------

def _forest(rng, names, calls, depth, t0):
    """calls properly nested calls: [(name, start, end)] in recording order."""
    out = []
    t = t0

    def call(level, budget):
        nonlocal t
        name = rng.choice(names)
        start = t
        t += rng.randint(0, 3)
        out.append([name, start, None])
        me = len(out) - 1
        kids = rng.randint(0, 3) if level < depth else 0
        for _ in range(kids):
            if len(out) >= budget:
                break
            call(level + 1, budget)
            t += rng.randint(0, 2)
        t += rng.randint(0 if kids else 1, 5)
        out[me][2] = t

    while len(out) < calls:
        call(0, calls)
        t += rng.randint(0, 4)
    return out


def synth_spec(ranks=2, calls=50, regions=5, depth=4, seed=1, version=2,
               byteorder="little", recursive=True):
    """A spec of random nested calls per rank (region names may recur in
    their own subtree when recursive)."""
    rng = random.Random(seed)
    names = [f"r{i}" for i in range(regions)]
    if recursive:
        names.append("recurse")
    out = {"version": version, "byteorder": byteorder, "ranks": {}}
    for r in range(ranks):
        rows = {}
        for name, s, e in _forest(rng, names, calls, depth,
                                   1_000_000 + rng.randint(0, 50)):
            rows.setdefault(name, ([], []))
            rows[name][0].append(s)
            rows[name][1].append(e)
        spec_rows = []
        for name in sorted(rows, key=lambda n: rng.random()):
            row = [name, rows[name][0], rows[name][1]]
            if version == 2 and rng.random() < 0.5:
                row.append({"source_file": f"src/{name}.c",
                            "source_lineno": rng.randint(0, 99)})
            spec_rows.append(row)
        out["ranks"][str(r)] = spec_rows
    return out


# --- damaged and unusual files --------------------------------------------

BASE = [["outer", [1000], [1100]], ["inner", [1010, 1050], [1040, 1090]]]

# kind: one line on what it is
KINDS = {
    "too-short": "the first 20 bytes of a valid trace",
    "bad-magic": "magic SCOPEPRG",
    "hdf5-magic": "an HDF5 signature where the magic goes",
    "version-3": "version field 3 (little-endian)",
    "version-minus-1": "version field -1",
    "version-3-big": "version field 3 written big-endian (reads 50331648)",
    "cut-count": "cut inside the first record's call count",
    "cut-name": "version 2 cut at 30 bytes, inside the first name",
    "cut-times": "cut inside the second record's end times",
    "name-not-utf8": "a name of the bytes ff 61",
    "name-cut-utf8": "cut inside a name's two-byte character",
    "trailing": "3 bytes after the last record",
    "trailing-empty": "R = 0 and 5 bytes after the header",
    "negative-name": "a name length of -5",
    "negative-source": "a source path length of -1 (version 2)",
    "negative-count": "a call count of -1",
    "negative-rank": "rank -1 in the header",
    "negative-regions": "R = -1 and nothing after the header (no regions)",
    "duplicate-name": "two records named outer: the later one's calls win",
    "zero-calls": "a record with no calls between two with some",
    "end-before-start": "inner's second call ends at 1045, before its start",
}


def broken_bytes(kind):
    b = spt_bytes
    if kind == "too-short":
        return b(0, BASE)[:20]
    if kind == "bad-magic":
        return b(0, BASE, raw={"magic": "SCOPEPRG"})
    if kind == "hdf5-magic":
        return b(0, BASE, raw={"magic": "\x89HDF\r\n\x1a\n"})
    if kind == "version-3":
        return b(0, BASE, raw={"version": 3})
    if kind == "version-minus-1":
        return b(0, BASE, raw={"version": -1})
    if kind == "version-3-big":
        return b(0, BASE, byteorder="big", raw={"version": 3})
    if kind == "cut-count":
        return b(0, BASE, version=1)[:24 + 4 + 5 + 3]
    if kind == "cut-name":
        return b(0, BASE)[:30]
    if kind == "cut-times":
        return b(0, BASE, version=1)[:-12]
    if kind == "name-not-utf8":
        return b(0, [["x", [1], [2], {"name_bytes": "ff61"}]])
    if kind == "name-cut-utf8":
        return b(0, [["\u00e9t\u00e9", [1], [2]]], version=1)[:24 + 4 + 1]
    if kind == "trailing":
        return b(0, BASE, raw={"trailing": "010203"})
    if kind == "trailing-empty":
        return b(0, [], raw={"trailing": "0000000000"})
    if kind == "negative-name":
        return b(0, [["outer", [1], [2], {"name_len": -5}]])
    if kind == "negative-source":
        return b(0, [["outer", [1], [2], {"source_len": -1}]])
    if kind == "negative-count":
        return b(0, [["outer", [], [], {"count": -1}]])
    if kind == "negative-rank":
        return b(-1, BASE)
    if kind == "negative-regions":
        return b(0, [], raw={"nregions": -1})
    if kind == "duplicate-name":
        return b(0, BASE + [["outer", [2000, 2200], [2100, 2300]]])
    if kind == "zero-calls":
        return b(0, [BASE[0], ["idle", [], []], BASE[1]])
    if kind == "end-before-start":
        return b(0, [BASE[0], ["inner", [1010, 1050], [1040, 1045]]])
    raise SpecError(f"no spt-broken kind {kind!r}: see --list")
