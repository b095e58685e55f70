#!/usr/bin/python3
"""check-hostile: every program and output format on hostile region names.

The profiles of tests/gen/spgen_hostile.py (empty names, 64 KiB ones,
control characters, NUL, line breaks, invalid UTF-8, bidi marks, markup,
separators, trailing blanks, thousands of names of one long prefix), as
HDF5 and as a JSON profile, go through sp-read | sp-stack and then every
exporter in every format.  Each output is read by its consumer:

  .prof                 marshal, then python3's pstats
  sp-pstats --print     one entry line per function of the .prof
  JSON, NDJSON, speedscope, Chrome trace (also gzip)   python3's json
  SVG (static, interactive, diff)   xml.dom.minidom; no "]]>" or "</script"
                        inside a script (the SVG may be inlined in HTML)
  folded stacks         one "frame;frame COUNT" line per stack: lines,
                        depths and counts as the calls give them
  CSV, TSV              csv (TSV: one line a record, every backslash
                        escape known), as many rows as the JSON records,
                        every row as wide as the header
  sp-stats text         the whole table (names print as the reference's do)
  sp-report HTML        python3's html.parser: valid UTF-8, only the page's
                        own elements and no event-handler attribute, a
                        run's two JSON scripts (statistics, flame graph)
                        without "</script" or "<!--", the statistics'
                        names as many as sp-stats' records, the flame
                        graph's names (the root's aside) the regions'
                        names as sp-flame writes them (controls and
                        bytes that are not UTF-8 as U+FFFD)
  sp-scale              of two runs (--x label): JSON, NDJSON, CSV and TSV
                        as above (a row per region and run), the SVG
                        chart, and the text table ending in a newline
  sp-diff text          the header and its count of rows (names as sp-stats')
  sp-diff Markdown      the table: as many rows as the JSON's, every row as
                        many cells as the header (names escaped)
  Perfetto protobuf     python3-protobuf, through tests/trace/pbtrace.py

A run passes when its consumer reads its output, or when it refuses with
one line on standard error and exit status 1; a signal, another status,
a sanitizer report or a timeout fails.  One refused name must not hide
the others: when sp-read | sp-stack refuse a profile of every group, each
group goes through them alone, and the groups they take go together
through every exporter; when an exporter refuses, it runs again on each
group alone.  A few groups go through alone (batches()).

    /usr/bin/python3 tests/check-hostile.py [-v] [--groups G,G]

Needs h5py (the HDF5 profile), protoc and python3-protobuf; exits 77
(skipped) without them, 1 where SP_REQUIRE_ALL is set.
"""

import argparse
import csv
import gzip
import io
import json
import marshal
import os
import pstats
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import xml.dom.minidom
from html.parser import HTMLParser

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checklib  # noqa: E402

checklib.require("h5py", "numpy")
sys.path.insert(0, os.path.join(checklib.SRCDIR, "tests", "trace"))
import pbtrace  # noqa: E402
import spgen_hostile  # noqa: E402

PROGS = {n: os.path.abspath(checklib.program(n)) for n in
         ("read", "stack", "pstats", "speedscope", "json", "flame", "stats", "trace",
          "report", "scale", "diff")}
TIMEOUT = 120
SANITIZER = (b"Sanitizer", b"runtime error:", b"LeakSanitizer")


csv.field_size_limit(sys.maxsize)


class Failure(Exception):
    pass


class Refused(Exception):
    """The program said no, in one line and with status 1: a pass."""


def run(argv, tmp, stdout=None):
    """Run a program in tmp; its standard output (bytes) unless stdout
    names a file for it.  Raises Refused or Failure."""
    where = " ".join(os.path.basename(a) for a in argv)
    out = open(os.path.join(tmp, stdout), "wb") if stdout else subprocess.PIPE
    try:
        r = subprocess.run(argv, cwd=tmp, stdin=subprocess.DEVNULL, stdout=out,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Failure(f"{where}: no end after {TIMEOUT} s") from None
    finally:
        if stdout:
            out.close()
    _ended(where, r.returncode, r.stderr)
    return r.stdout


def _ended(where, status, err):
    """Raise Refused or Failure for a program's status and stderr."""
    if any(s in err for s in SANITIZER):
        raise Failure(f"{where}: a sanitizer report:\n{err.decode('utf-8', 'replace')}")
    if status == 1 and err.count(b"\n") == 1 and err.endswith(b"\n"):
        raise Refused(err.decode("utf-8", "replace").strip())
    if status != 0 or err:
        raise Failure(f"{where}: exit {status}, standard error:\n"
                      f"{err.decode('utf-8', 'replace')[:2000]}")


class Scan:
    """What is checked of a text table, read as it comes rather than kept
    (a table pads every row to its longest name, 64 KiB here: hundreds of
    MB): its first and last KEEP bytes, and which of the needles it holds
    (each shorter than KEEP)."""
    KEEP = 4096

    def __init__(self, needles=()):
        self.head, self.tail = b"", b""
        self.needles, self.found = tuple(needles), set()

    def feed(self, chunk):
        if len(self.head) < self.KEEP:
            self.head += chunk[:self.KEEP - len(self.head)]
        window = self.tail + chunk
        self.found.update(n for n in self.needles if n in window)
        self.tail = window[-self.KEEP:]


def run_scan(argv, tmp, needles=()):
    """Run a program in tmp as run does; a Scan of its standard output."""
    where = " ".join(os.path.basename(a) for a in argv)
    scan, late = Scan(needles), []

    def kill():
        late.append(True)
        p.kill()
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen(argv, cwd=tmp, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=err)
        timer = threading.Timer(TIMEOUT, kill)
        timer.start()
        try:
            for chunk in iter(lambda: p.stdout.read(1 << 20), b""):
                scan.feed(chunk)
            p.stdout.close()
            status = p.wait()
        finally:
            timer.cancel()
        if late:
            raise Failure(f"{where}: no end after {TIMEOUT} s")
        err.seek(0)
        _ended(where, status, err.read())
    return scan


def read(tmp, name):
    with open(os.path.join(tmp, name), "rb") as f:
        return f.read()


# --------------------------------------------------------------------------
# What the calls give: stacks and their self times

def stacks(groups):
    """{rank: {stack (tuple of names): self ns}} of the hostile profile."""
    out = {}
    for rank, regions in spgen_hostile.calls(groups).items():
        calls = sorted(((s, -e, n) for n, (ss, ee) in regions.items()
                        for s, e in zip(ss, ee)))
        selfs, open_ = {}, []
        for s, neg_e, n in calls:
            while open_ and open_[-1][1] <= s:
                open_.pop()
            path = tuple(c[2] for c in open_) + (n,)
            selfs[path] = selfs.get(path, 0) + (-neg_e - s)
            if open_:
                parent = tuple(c[2] for c in open_)
                selfs[parent] -= -neg_e - s
            open_.append((s, -neg_e, n))
        out[rank] = selfs
    return out


# --------------------------------------------------------------------------
# Consumers

def json_doc(data, what):
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise Failure(f"{what}: not JSON: {exc}") from None


def ndjson(data, what):
    lines = data.decode("utf-8", "replace").split("\n")
    if lines[-1] != "":
        raise Failure(f"{what}: the last line has no newline")
    return [json_doc(line.encode(), f"{what}, line {i + 1}")
            for i, line in enumerate(lines[:-1])]


def svg(data, what):
    try:
        doc = xml.dom.minidom.parseString(data)
    except Exception as exc:    # expat's errors have no common base
        raise Failure(f"{what}: not XML: {exc}") from None
    for s in doc.getElementsByTagName("script"):
        text = "".join(c.data for c in s.childNodes if c.nodeType in
                       (c.TEXT_NODE, c.CDATA_SECTION_NODE))
        if "</script" in text.lower():
            raise Failure(f"{what}: '</script' inside a script: an HTML page "
                          "inlining the SVG would end the script there")
    return doc


# The elements sp-report's page is made of: a name that became markup
# would bring another one, or an attribute of its own.
REPORT_TAGS = {
    "html", "head", "meta", "title", "style", "body", "header", "h1", "h2",
    "h3", "nav", "ul", "li", "a", "div", "label", "input", "span", "main",
    "section", "p", "b", "i", "table", "thead", "tbody", "tr", "th", "td",
    "button", "details", "summary", "script", "svg", "g", "rect", "text",
    "figure", "figcaption", "polyline", "line", "path", "code",
}


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.bad, self.data, self.in_data = [], [], False

    def handle_starttag(self, tag, attrs):
        if tag not in REPORT_TAGS:
            self.bad.append(tag)
        self.bad.extend(f"{tag} {k}" for k, _ in attrs if k.startswith("on"))
        self.in_data = tag == "script" and ("type", "application/json") in attrs
        if self.in_data:
            self.data.append([dict(attrs).get("class"), ""])

    def handle_data(self, data):
        if self.in_data:
            self.data[-1][1] += data

    def handle_endtag(self, tag):
        self.in_data = False


def report(data, what, records):
    """sp-report's page: its markup the page's own, its runs' JSON whole."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Failure(f"{what}: not UTF-8: {exc}") from None
    page = _Page()
    page.feed(text)
    page.close()
    if page.bad:
        raise Failure(f"{what}: markup not the page's own: {page.bad[:5]}")
    kinds = sorted(k for k, _ in page.data)
    if kinds != ["sp-data", "sp-flame-data"]:
        raise Failure(f"{what}: data scripts {kinds}, not one run's "
                      "statistics and flame graph")
    doc = {}
    for kind, text in page.data:
        if "</script" in text.lower() or "<!--" in text:
            raise Failure(f"{what}: the run's {kind} JSON could end its "
                          "script")
        doc[kind] = json_doc(text.encode(), what)
    names = doc["sp-data"]["names"]
    if len(names) != records:
        raise Failure(f"{what}: {len(names)} names, {records} records")
    # sp-flame names a region as a C string, up to a NUL, with U+FFFD for
    # each byte that is not UTF-8 (a lone surrogate of the statistics'
    # JSON, one for a byte, or its own for a surrogate sp carries as three
    # bytes) and for each control character XML cannot hold: compared
    # with runs of U+FFFD as one
    def flamed(n):
        n = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]",
                   "\ufffd", n)
        return re.sub("\ufffd+", "\ufffd", n)
    shown = {flamed(n.split("\0")[0]) for n in names}
    tree = doc["sp-flame-data"]["tree"]
    odd = [n for n, k in zip(tree["names"], tree["kinds"])
           if k == 0 and flamed(n) not in shown]
    if odd:
        raise Failure(f"{what}: flame graph names not the regions': "
                      f"{odd[:3]!r}")


def prof(data, what):
    try:
        d = marshal.loads(data)
        st = _prof_file(data)
    except Exception as exc:
        raise Failure(f"{what}: pstats cannot read it: {exc}") from None
    if not isinstance(d, dict) or not d:
        raise Failure(f"{what}: not a dict of functions")
    return st


def _prof_file(data):
    f = tempfile.NamedTemporaryFile(suffix=".prof", delete=False)
    with f:
        f.write(data)
    try:
        return pstats.Stats(f.name, stream=io.StringIO())
    finally:
        os.unlink(f.name)


def folded(data, what, want):
    """Lines "f;g;h COUNT": per line, depth and count as the calls give."""
    got = []
    for i, line in enumerate(data.decode("utf-8", "replace").split("\n")[:-1]):
        stack, sep, count = line.rpartition(" ")
        if not sep or not count.isdigit():
            raise Failure(f"{what}, line {i + 1}: no count at its end: {line[:80]!r}")
        got.append((len(stack.split(";")), int(count)))
    want = [(len(p), n) for p, n in want.items() if n > 0]
    if sorted(got) != sorted(want):
        raise Failure(f"{what}: {len(got)} stacks, not the calls' {len(want)}, "
                      "or other depths or counts (a name broke a line or "
                      "added a frame)")


def table(data, what, sep, records):
    text = data.decode("utf-8", "replace")
    if sep == ",":
        rows = list(csv.reader(io.StringIO(text, newline="")))
    else:
        rows = [line.split("\t") for line in text.split("\n")[:-1]]
        for row in rows:
            for cell in row:
                if "\r" in cell or not _tsv_escapes_ok(cell):
                    raise Failure(f"{what}: a field {cell[:60]!r} with a raw CR "
                                  "or an unknown backslash escape")
    if len(rows) != records + 1:
        raise Failure(f"{what}: {len(rows) - 1} rows, not {records} records")
    bad = [i for i, r in enumerate(rows) if len(r) != len(rows[0])]
    if bad:
        raise Failure(f"{what}: row {bad[0]} has {len(rows[bad[0]])} fields, "
                      f"the header {len(rows[0])}")


def _tsv_escapes_ok(cell):
    i = cell.find("\\")
    while i >= 0:
        if cell[i + 1:i + 2] not in ("\\", "t", "n", "r"):
            return False
        i = cell.find("\\", i + 2)
    return True


TABLE_TOP, TABLE_BOTTOM = b"\xe2\x95\xad", b"\xe2\x95\xb0"


def text_table(scan, what):
    """The tables (a Scan with needle TABLE_BOTTOM): lines of text.  A
    name's line breaks and control characters are printed as the reference
    prints them (sp-stats(1)): what is checked is that there is a table,
    and the whole of it."""
    if TABLE_TOP not in scan.head[:64] or TABLE_BOTTOM not in scan.found \
            or not scan.tail.endswith(b"\n"):
        raise Failure(f"{what}: no table, or not the whole of one")


def diff_counts(rows):
    """The needles of diff_text: the line that counts rows rows."""
    return [f"\n{kind} ({rows}): ".encode() for kind in
            ("Regions", "Regions by rank", "Call paths")]


def diff_text(scan, what, rows):
    """sp-diff's text (a Scan with the needles diff_counts(rows)): the
    sides between two rules, then "Regions (N)" (or "Regions by rank",
    "Call paths"), N the JSON's rows; the rest is names, printed as they
    are."""
    rule = b"=" * 78 + b"\n"
    if not scan.head.startswith(rule) or not scan.tail.endswith(b"\n"):
        raise Failure(f"{what}: no header rule, or not the whole output")
    if not scan.found & set(diff_counts(rows)):
        raise Failure(f"{what}: no count of {rows} rows")


def diff_lines(data, what, rows):
    """sp-diff's NDJSON: a line a row of the JSON's."""
    n = len(ndjson(data, what))
    if n != rows:
        raise Failure(f"{what}: {n} lines, not the JSON's {rows} rows")


def markdown_table(data, what, rows):
    """sp-diff's Markdown table: the header, its rule, then a line a row;
    a name's "|" escaped, its line breaks joined, so that every line has
    the header's cells."""
    lines = data.decode("utf-8", "replace").split("\n")
    try:
        head = next(i for i, ln in enumerate(lines) if ln.startswith("| --- |"))
    except StopIteration:
        raise Failure(f"{what}: no table") from None

    def cells(line):
        n, i = 0, 0
        while i < len(line):
            if line[i] == "\\":
                i += 1
            elif line[i] == "|":
                n += 1
            i += 1
        return n
    body = []
    for ln in lines[head + 1:]:
        if not ln.startswith("|"):
            break
        body.append(ln)
    if len(body) != rows:
        raise Failure(f"{what}: {len(body)} table rows, not the JSON's {rows}")
    width = cells(lines[head - 1])
    bad = [ln for ln in body if cells(ln) != width]
    if bad or cells(lines[head]) != width:
        raise Failure(f"{what}: a row of other cells than the header's "
                      f"{width - 1}: {(bad or [lines[head]])[0][:80]!r}")


def trace_proto(data, what, schema):
    # the C++ library logs each string that is not UTF-8 to fd 2
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        pbtrace.Trace(data, schema)
    except pbtrace.TraceError as exc:
        raise Failure(f"{what}: {exc}") from None
    finally:
        os.dup2(saved, 2)
        os.close(saved)


# --------------------------------------------------------------------------
# The sweep

def exports(calls, tmp, schema, want, two_runs):
    """(label, thunk) of every export of the stream file calls;
    two_runs() names a stream of two runs, for --diff."""
    P = PROGS

    def pstats_files():
        run([P["pstats"], "-o", "p", calls], tmp)
        for r in want:
            prof(read(tmp, f"p_rank{r}.prof"), f"p_rank{r}.prof")

    def pstats_print():
        out = run([P["pstats"], "--print", calls], tmp)
        if b"function calls" not in out:
            raise Failure("sp-pstats --print: no report header")

    def stats_text(opts):
        return lambda: text_table(run_scan([P["stats"], *opts, calls], tmp,
                                           [TABLE_BOTTOM]), " ".join(opts))

    def stats(opts, check):
        return lambda: check(run([P["stats"], *opts, calls], tmp), " ".join(opts))

    counts = {}

    def stats_records(opts):
        if tuple(opts) not in counts:
            d = json_doc(run([P["stats"], "--format", "json", *opts, calls], tmp),
                         "sp-stats --format json")
            counts[tuple(opts)] = len(d) if isinstance(d, list) else len(d["regions"])
        return counts[tuple(opts)]

    def stats_table(opts, fmt, sep):
        n = stats_records(opts)
        table(run([P["stats"], "--format", fmt, *opts, calls], tmp),
              f"sp-stats --format {fmt} {' '.join(opts)}", sep, n)

    def flame(opts, name, check):
        run([P["flame"], *opts, "-o", name, calls], tmp)
        for r in want:
            f = f"{name}_rank{r}.svg"
            check(read(tmp, f), f)

    def folded_files():
        run([P["flame"], "--folded", "-o", "ff", calls], tmp)
        for r in want:
            folded(read(tmp, f"ff_rank{r}.folded"), f"ff_rank{r}.folded", want[r])

    def flame_diff():
        two = two_runs()
        run([P["flame"], "--diff", "-o", "fd", two], tmp)
        for r in want:
            svg(read(tmp, f"fd_rank{r}.svg"), f"fd_rank{r}.svg")
        run([P["flame"], "--diff", "--interactive", "-o", "fdi", two], tmp)
        for r in want:
            svg(read(tmp, f"fdi_rank{r}.svg"), f"fdi_rank{r}.svg")

    def trace(name, check):
        run([P["trace"], "-o", name, calls], tmp)
        check(read(tmp, name), name)

    def scale():
        two = two_runs()
        sc = [P["scale"], "--x", "label", "--top", "50"]
        d = json_doc(run(sc + ["--format", "json", two], tmp),
                     "sp-scale --format json")
        n = sum(len(r["values"]) for r in d["rows"])
        ndjson(run(sc + ["--format", "ndjson", two], tmp), "sp-scale ndjson")
        table(run(sc + ["--format", "csv", two], tmp), "sp-scale csv", ",", n)
        table(run(sc + ["--format", "tsv", two], tmp), "sp-scale tsv", "\t", n)
        svg(run(sc + ["--svg", two], tmp), "sp-scale --svg")
        if not run(sc + [two], tmp).endswith(b"\n"):
            raise Failure("sp-scale: the table does not end in a newline")
    diffs, twos = {}, []

    def diff_run(opts, fmt, needles=None):
        """sp-diff's output; a Scan of it (run_scan) with needles"""
        if not twos:    # made once, for every sp-diff run
            twos.append(two_runs())
        two = twos[0]
        if two == calls:
            raise Refused("no stream of two runs for sp-diff")
        argv = [P["diff"], "--format", fmt, *opts, two]
        return run(argv, tmp) if needles is None else run_scan(argv, tmp, needles)

    def diff_rows(opts):
        if tuple(opts) not in diffs:
            what = f"sp-diff --format json {' '.join(opts)}"
            d = json_doc(diff_run(opts, "json"), what)
            if not isinstance(d, dict) or not isinstance(d.get("rows"), list):
                raise Failure(f"{what}: no rows")
            diffs[tuple(opts)] = len(d["rows"])
        return diffs[tuple(opts)]

    def diff(opts, fmt, check):
        def thunk():
            n = diff_rows(opts)
            what = f"sp-diff --format {fmt} {' '.join(opts)}"
            if check is diff_text:
                check(diff_run(opts, fmt, diff_counts(n)), what, n)
            else:
                check(diff_run(opts, fmt), what, n)
        return thunk

    def diff_all(label, opts, fmts):
        """sp-diff's formats fmts with opts (JSON always: the count)."""
        checks = {
            "ndjson": diff_lines,
            "csv": lambda d, w, n: table(d, w, ",", n),
            "tsv": lambda d, w, n: table(d, w, "\t", n),
            "text": diff_text,
            "markdown": markdown_table,
        }
        return [(f"sp-diff json{label}", lambda: diff_rows(opts))] + [
            (f"sp-diff {f}{label}", diff(opts, f, checks[f])) for f in fmts]

    return [
        ("sp-pstats .prof", pstats_files),
        ("sp-pstats --print", pstats_print),
        ("sp-speedscope", lambda: json_doc(run([P["speedscope"], calls], tmp),
                                           "sp-speedscope")),
        ("sp-json", lambda: json_doc(run([P["json"], calls], tmp), "sp-json")),
        ("sp-json .gz", lambda: (run([P["json"], "-o", "j.json.gz", calls], tmp),
                                 json_doc(gzip.decompress(read(tmp, "j.json.gz")),
                                          "j.json.gz"))),
        ("sp-json --lines", lambda: ndjson(run([P["json"], "--lines", calls], tmp),
                                           "sp-json --lines")),
        ("sp-flame svg", lambda: flame([], "fs", svg)),
        ("sp-flame --fixed-width", lambda: flame(["--fixed-width", "--title", "t"],
                                                 "fw", svg)),
        ("sp-flame --interactive", lambda: flame(["--interactive"], "fi", svg)),
        ("sp-flame --no-call-paths", lambda: flame(["--no-call-paths"], "fn", svg)),
        ("sp-flame --folded", folded_files),
        ("sp-flame --diff", flame_diff),
        ("sp-stats", stats_text([])),
        ("sp-stats --call-paths", stats_text(["--call-paths"])),
        ("sp-stats --by rank", stats_text(["--by", "rank"])),
        ("sp-stats --by lane", stats_text(["--by", "lane"])),
        ("sp-stats json", lambda: stats_records([])),
        ("sp-stats json --call-paths", lambda: stats_records(["--call-paths"])),
        ("sp-stats ndjson", stats(["--format", "ndjson"], ndjson)),
        ("sp-stats csv", lambda: stats_table([], "csv", ",")),
        ("sp-stats tsv", lambda: stats_table([], "tsv", "\t")),
        ("sp-stats csv --call-paths", lambda: stats_table(["--call-paths"], "csv", ",")),
        ("sp-stats tsv --call-paths", lambda: stats_table(["--call-paths"], "tsv", "\t")),
        ("sp-stats csv --by rank", lambda: stats_table(["--by", "rank"], "csv", ",")),
        ("sp-stats tsv --by lane", lambda: stats_table(["--by", "lane"], "tsv", "\t")),
        ("sp-report", lambda: report(run([P["report"], calls], tmp),
                                     "sp-report", stats_records([]))),
        ("sp-scale", scale),
        ("sp-trace protobuf", lambda: trace("t.pftrace",
                                            lambda d, w: trace_proto(d, w, schema))),
        ("sp-trace json", lambda: trace("t.json", json_doc)),
        ("sp-trace json.gz", lambda: trace("t.json.gz", lambda d, w: json_doc(
            gzip.decompress(d), w))),
        ("sp-trace protobuf.gz", lambda: trace("t.pftrace.gz", lambda d, w: trace_proto(
            gzip.decompress(d), w, schema))),
        *diff_all("", [], ("ndjson", "csv", "tsv", "text", "markdown")),
        *diff_all(" --call-paths", ["--call-paths"], ("csv", "text", "markdown")),
        *diff_all(" --by rank", ["--by", "rank"], ("csv", "text", "markdown")),
        *diff_all(" --metric p95", ["--metric", "p95"], ("markdown",)),
    ]


def profiles(tmp, groups):
    """[(label, path)]: the groups as HDF5 (those it holds) and JSON."""
    h5 = [g for g in groups if g not in spgen_hostile.JSON_ONLY]
    out = []
    if os.path.exists(os.path.join(tmp, "in.h5")):
        os.remove(os.path.join(tmp, "in.h5"))
    if h5:
        spgen_hostile.write(h5, os.path.join(tmp, "in.h5"))
        out.append(("hdf5", "in.h5", h5))
    spgen_hostile.write(groups, os.path.join(tmp, "in.json"))
    out.append(("json", "in.json", groups))
    return out


def stream(tmp, inputs, out):
    """sp-read INPUTS | sp-stack > out, each checked; False if refused."""
    try:
        run([PROGS["read"], *inputs, "-o", "read.sps"], tmp)
        run([PROGS["stack"], "read.sps", "-o", out], tmp)
    except Refused as exc:
        return str(exc)
    return None


def sweep(tmp, groups, schema, verbose, only=None, formats=None):
    """Every export of every input of groups (of the formats, default
    all); [failure], [(label, refusal)]."""
    failures, refused = [], []
    for fmt, path, gs in profiles(tmp, groups):
        if formats is not None and fmt not in formats:
            continue
        why = stream(tmp, [path], "calls.sps")
        if why:
            refused.append((f"{fmt} sp-read | sp-stack", why))
            continue

        made = []

        def two_runs(path=path):
            # this input and the other format's; itself twice when there
            # is none, or when sp-read refuses the other (made once for
            # the exports of this input)
            if made:
                return made[0]
            other = [p for p in ("in.h5", "in.json") if p != path and
                     os.path.exists(os.path.join(tmp, p))] or [path]
            if stream(tmp, [path] + other, "two.sps") and \
                    stream(tmp, [path, path], "two.sps"):
                made.append("calls.sps")
            else:
                made.append("two.sps")
            return made[0]

        want = stacks(gs)
        for label, thunk in exports("calls.sps", tmp, schema, want, two_runs):
            if only is not None and label not in only:
                continue
            t = time.monotonic()
            try:
                thunk()
                if verbose:
                    print(f"ok {fmt} {label} ({time.monotonic() - t:.2f} s)")
            except Refused as exc:
                refused.append((f"{fmt} {label}", str(exc)))
            except Failure as exc:
                failures.append(f"{fmt} {','.join(groups)}: {label}: {exc}")
    return failures, refused


def again(tmp, groups, schema, verbose, refused):
    """What a refusal of all the groups hid: [failure], [(label, refusal)].

    Where sp-read | sp-stack refused an input, each group alone goes
    through them, and the groups they take go together through every
    exporter; then each group alone through each exporter that refused
    the groups together."""
    failures, more, taken = [], [], []
    read_stage = "sp-read | sp-stack"
    fmts = {label.split(" ", 1)[0] for label, _ in refused
            if label.endswith(read_stage)}
    if fmts:
        for g in groups:
            ok = True
            for fmt, path, _ in profiles(tmp, [g]):
                if fmt not in fmts:
                    continue
                why = stream(tmp, [path], "calls.sps")
                if why:
                    more.append((f"{g}: {fmt} {read_stage}", why))
                    ok = False
            if ok:
                taken.append(g)
        if taken and len(taken) < len(groups):
            f, r = sweep(tmp, taken, schema, verbose, formats=fmts)
            failures += f
            refused = refused + [(label, why) for label, why in r]
            more += [(f"{','.join(taken)}: {label}", why) for label, why in r]
        elif taken:     # refused together, taken each alone
            for g in taken:
                f, r = sweep(tmp, [g], schema, verbose, formats=fmts)
                failures += f
                more += [(f"{g}: {label}", why) for label, why in r]
    labels = {label.split(" ", 1)[1] for label, _ in refused} - {read_stage}
    if labels:
        for g in groups:
            # the inputs of g that sp-read | sp-stack took
            left = None if not fmts or g in taken else {"hdf5", "json"} - fmts
            if left is not None and not left:
                continue
            f, r = sweep(tmp, [g], schema, verbose, only=labels, formats=left)
            failures += f
            more += [(f"{g}: {label}", why) for label, why in r]
    return failures, more


# Groups that go through the programs alone (batches()).
ALONE = ("long", "nul", "utf8")


def batches(groups):
    """The groups in the batches that go through the programs together:
    all of them but ALONE, then each of those alone.  A text table pads
    every row to its longest name: with the 64 KiB names, the 2,000
    long-prefix names made tables of 130 MB a format, and no check more
    than tables of their own rows.  sp-read refuses a NUL in a name, and
    sp-pstats a name that is not UTF-8 (marshal's strings are): with
    either in a batch, every group went again alone through that program
    (again()), half of the test's time."""
    alone = [g for g in groups if g in ALONE]
    rest = [g for g in groups if g not in alone]
    return [b for b in [rest] + [[g] for g in alone] if b]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--groups", help="only these groups (comma-separated)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if checklib.missing("check-hostile", PROGS.values()):
        return 1
    groups = args.groups.split(",") if args.groups else list(spgen_hostile.GROUPS)
    os.environ.setdefault("ASAN_OPTIONS", "abort_on_error=1")
    os.environ.setdefault("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1")
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="sp-hostile.")
    try:
        try:
            schema = pbtrace.load_schema(tmp)
        except pbtrace.MissingTool as exc:
            if os.environ.get("SP_REQUIRE_ALL"):
                print(f"FAIL: the test would be skipped, but SP_REQUIRE_ALL is set: {exc}")
                return 1
            print(f"SKIP: {exc}")
            return 77
        failures, refused = [], []
        for batch in batches(groups):
            f, r = sweep(tmp, batch, schema, args.verbose)
            if len(batch) > 1 and r:
                f2, r2 = again(tmp, batch, schema, args.verbose, r)
                f, r = f + f2, r + r2
            failures += f
            refused += r
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for label, why in refused:
        print(f"refused ({label}): {why}")
    for f in failures:
        print(f"FAIL {f}")
    print(f"{len(groups)} groups of names, {len(failures)} failures "
          f"({time.monotonic() - t0:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
