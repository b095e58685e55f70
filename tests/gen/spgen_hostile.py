"""spgen hostile: profiles whose region names are built to break exporters.

Each group of names is a kind of trouble; a profile holds the groups
asked for, on two ranks, every group as calls nested in the order of its
names and closed by the first again (n1 > n2 > ... > nk > n1: paths
through every name, an empty one deepest too, and recursion), then each
name alone at the top.  The prefix group is one call with its thousands
of names as children.

Names that are not valid UTF-8 are given with lone surrogates (see
spgen.py, "strings"): HDF5 gets the bytes they stand for, JSON the
lone-surrogate escapes (a JSON text cannot hold other bytes).  NUL is in
JSON profiles only: an HDF5 variable-length string ends at its first NUL
and h5py refuses to write one.
"""

import json
import os

PREFIX = "p" * 1024 + "/"

GROUPS = {
    # "" below a name and above one: the separator before an empty element
    "empty": ["", "x"],
    # 64 KiB of ASCII, and of two-byte characters (a cut must not split one)
    "long": ["x" * 65536, "\u00e9" * 32768],
    "control": ["\x01\x02\x03\x07\x08", "\x0b\x0c\x0e\x1f", "\x1b[31mred\x1b[0m",
                "del\x7f", "c1\u0080\u0085\u009f"],
    "nul": ["a\x00b", "\x00"],
    # what folded stacks, CSV/TSV and line-oriented formats split on
    "lines": ["tab\there", "line\nbreak", "cr\rreturn", "crlf\r\n", "\n",
              "ls\u2028ps\u2029"],
    # bytes 0xff 0xfe; a cut two-byte character; an encoded surrogate
    # (ED A0 80 in HDF5); a lone low one; an overlong '/'; half an emoji
    "utf8": ["\udcff\udcfe", "cut\udcc3", "\ud800", "\udc00low",
             "\udcc0\udcafoverlong", "\ud83dalone"],
    "bidi": ["\u202eevil\u202c", "\u200f", "\u2066x\u2069", "\ufeffbom",
             "\uffff\ufffe", "\U0010ffff"],
    "markup": ["]]>", "</script>", "<!--", "-->", "&amp;", "<svg onload=alert(1)>",
               "'", "${x}", "%s%n", "</text><text>"],
    "punct": ['"', "\\", ";", ",", "a;b", "a,b", '"q",x', "a > b", " > ", ">",
              "\\n", "a;b 12"],
    # equal but for trailing (and leading) blanks
    "space": ["same", "same ", "same  ", " same", "same\u00a0"],
    "prefix": [PREFIX + f"{i:05d}" for i in range(2000)],
}
JSON_ONLY = {"nul"}
UNIT = 1000                     # ns a time step


def group_rows(names, t):
    """[(name, start, end)] of one group from time t, and the time after."""
    rows = []
    if len(names) > 20:
        rows.append((names[0], t, t + (2 * len(names) + 1) * UNIT))
        for i, n in enumerate(names[1:]):
            rows.append((n, t + (2 * i + 1) * UNIT, t + (2 * i + 2) * UNIT))
        return rows, t + (2 * len(names) + 2) * UNIT
    chain = names + [names[0]]
    depth = len(chain)
    for i, n in enumerate(chain):
        rows.append((n, t + i * UNIT, t + (2 * depth - i) * UNIT))
    t += (2 * depth + 1) * UNIT
    for n in names:
        rows.append((n, t, t + 3 * UNIT))
        t += 4 * UNIT
    return rows, t


def calls(groups, ranks=2):
    """{rank: {name: ([starts], [ends])}} in first-appearance order."""
    out = {}
    for rank in range(ranks):
        t = rank * 7 * UNIT
        regions = {}
        for g in groups:
            rows, t = group_rows(GROUPS[g], t)
            for n, s, e in rows:
                st, en = regions.setdefault(n, ([], []))
                # a rank's longer calls on rank 1: the imbalance is not 0
                st.append(s)
                en.append(e + rank * UNIT // 2)
        out[rank] = regions
    return out


def spec(groups):
    """An spgen spec (HDF5) of the groups; NUL groups are refused."""
    bad = set(groups) & JSON_ONLY
    if bad:
        raise ValueError(f"HDF5 cannot hold the names of {', '.join(sorted(bad))}")
    c = calls(groups)
    return {"ranks": {str(r): [[n, s, e] for n, (s, e) in regs.items()]
                      for r, regs in c.items()},
            "metadata": {"mpi_size": len(c)}}


def json_name(name):
    """A name as a JSON string: UTF-8, escapes only where JSON needs them,
    lone surrogates as \\u escapes."""
    surrogates = any(0xD800 <= ord(ch) <= 0xDFFF for ch in name)
    return json.dumps(name, ensure_ascii=surrogates)


def json_profile(groups):
    """The text of a JSON profile of the groups."""
    c = calls(groups)
    regions = []
    for rank, regs in c.items():
        for n, (s, e) in regs.items():
            regions.append('{"name": %s, "rank": %d, "start_times_ns": %s, '
                           '"end_times_ns": %s}' % (json_name(n), rank,
                                                     json.dumps(s), json.dumps(e)))
    return ('{"format": "scope-profiler-profile", "format_version": 1, '
            '"time_unit": "nanoseconds", "num_ranks": %d, "metadata": '
            '{"mpi_size": %d}, "regions": [\n%s]}\n'
            % (len(c), len(c), ",\n".join(regions)))


def write(groups, out):
    """Write OUT: a JSON profile if it ends in .json, else HDF5."""
    if out.endswith(".json"):
        with open(out + ".tmp", "w", encoding="utf-8") as f:
            f.write(json_profile(groups))
        os.replace(out + ".tmp", out)
        return
    from spgen_spec import profile_from_spec
    from spgen_write import write as write_h5
    write_h5(profile_from_spec(spec(groups)), out)
