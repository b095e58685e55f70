#!/usr/bin/python3
"""check-trace: sp-trace's timelines against the calls sp-stack nested.

First the profiles the golden cases of tests/cli/sp-trace write (their
spgen spec heredocs: two ranks, threads and tasks, recursion, zero-length
and touching calls, hostile names, arguments, ...), each exported with
sp-trace's defaults and once with random options; then, for many seeds,
this generates a random scope-profiler file with spgen
synth (random or template forests, tricky names, 1-3 ranks, threads and
tasks, GPU times, call ids, per-call metadata), stacks it (sp-read |
sp-stack, whose call stream sp-dump prints), and exports it with sp-trace
in both formats with random options (--align none, start or a region of
the run; --min-duration; --no-args; a tiny -S so that ranks go through
the spool's temporary file; gzip).  Then, from the calls alone:

  * the Perfetto trace, read by tests/trace/pftrace.py (a decoder of our
    own, which checks the framing, the sequences and their flags, the
    interning, the descriptors, and that times never go back on a
    sequence and every slice begins and ends on its track), must hold one
    process per rank with kept calls (pid rank + 1, "<label> rank N", the
    rank as its order, align= and shift_ns= labels) and one thread per
    lane with kept calls (tid (rank + 1) * 65536 + k, k the lane's place
    in its rank; named as sp-speedscope names the lane's profile), whose
    slices are the lane's kept calls in order, nested at their depth, at
    start - first_ns + the rank's shift, with their arguments;
  * the JSON trace, parsed by python3's json (times as exact decimals),
    must hold the same as "M" and "X" events, and its metadata the shifts.

With --protobuf the Perfetto trace is read instead by the real protobuf
library, python3-protobuf, through tests/trace/pbtrace.py (classes that
protoc compiles from tests/trace/perfetto_subset.proto at run time; no
unknown fields anywhere; the same sequence, interning, track and slice
rules), and must hold the same; the JSON is left out.  Either way the
inputs must have covered several ranks and lanes, tasks, recursion,
zero-length calls, hostile names and every kind of argument, or the test
fails.

The shift of a rank: 0 (none); first_ns minus its first call (start);
the run's span minus (its first call of REGION - first_ns) (REGION), or
0 for a rank without one.  min-duration drops a call shorter than it and
all the calls inside it.

    /usr/bin/python3 tests/check-trace.py [--protobuf] [--seeds N] [--first S] [-v]

The programs come from SP_READ, SP_STACK, SP_DUMP, SP_TRACE and
SP_SPEEDSCOPE (meson test sets them) or from a build tree given by
SP_BUILDDIR (default: build).  Exits 77 (skipped) without h5py, and with
--protobuf without python3-protobuf or protoc (1 where SP_REQUIRE_ALL is
set), 1 on the first mismatch, with the seed or case and the commands
that reproduce it.
"""

import argparse
import contextlib
import decimal
import gzip
import importlib.util
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checklib  # noqa: E402

checklib.require("h5py", "numpy")
SRCDIR = checklib.SRCDIR
sys.path.insert(0, os.path.join(SRCDIR, "tests", "trace"))
import pbtrace  # noqa: E402
import pftrace  # noqa: E402
import spgen  # noqa: E402
from spgen_spec import profile_from_spec  # noqa: E402
from spgen_synth import synth_profile  # noqa: E402
from spgen_write import write  # noqa: E402


def load_pipeline():
    """check-pipeline.py's parser of sp-dump's text (parse_dump)."""
    spec = importlib.util.spec_from_file_location(
        "check_pipeline", os.path.join(HERE, "check-pipeline.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


PIPE = load_pipeline()
Mismatch = PIPE.Mismatch
PROG = {n: checklib.program(n) for n in ("read", "stack", "trace", "speedscope")}
PROG["dump"] = checklib.program("dump", "tests")
LANES = 65536
CASE_SPEC = re.compile(r"\$SPGEN spec - (\S+) <<'EOF2'\n(.*?)\nEOF2\n", re.S)


def choose(seed):
    rnd = random.Random(seed)
    schema = rnd.choice([0, 1, 2, 3, 3, 3])
    argv = ["--schema", str(schema), "--shape", rnd.choice(["random", "random", "template"]),
            "--names", rnd.choice(["plain", "tricky"]),
            "--ranks", str(rnd.choice([1, 2, 2, 3])),
            "--calls", str(rnd.choice([1, 2, 5, 20, 60, 200, 600])),
            "--regions", str(rnd.randint(1, 10)), "--depth", str(rnd.randint(1, 7)),
            "--seed", str(seed)]
    if schema >= 2:
        argv += ["--threads", str(rnd.choice([0, 1, 2, 3])),
                 "--tasks", str(rnd.choice([0, 0, 1, 3]))]
    for flag in ("--gpu", "--call-ids", "--extras", "--unsorted"):
        if rnd.random() < 0.4:
            argv.append(flag)
    return rnd, argv


def make_profile(argv, path):
    """Write the file; its region names, and rows_of() it."""
    args = spgen.parser().parse_args(["synth", path] + argv)
    p, _ = synth_profile(args)
    write(p, path)
    return p.names, rows_of(p)


def case_inputs():
    """[(where, spec)]: the spec files the golden cases of sp-trace write
    ($SPGEN spec - FILE <<'EOF2' ... EOF2), in the cases' order."""
    out, cases = [], os.path.join(SRCDIR, "tests", "cli", "sp-trace")
    for case in sorted(f for f in os.listdir(cases) if f.endswith(".sh")):
        with open(os.path.join(cases, case), encoding="utf-8") as f:
            text = f.read()
        for m in CASE_SPEC.finditer(text):
            spec = json.loads(m.group(2))
            # names that are not UTF-8 (lone surrogates in the spec) are
            # not compared here: sp-trace/invalid-utf8 says what they
            # become, check-hostile.py that every format still parses
            if "\\u" in m.group(2) and any(
                    0xD800 <= ord(c) <= 0xDFFF for c in json.dumps(spec, ensure_ascii=False)):
                continue
            # the aggregate layout's rows have no calls, and its run no
            # span: sp-trace/align-aggregate checks what sp-trace makes
            # of them
            if spec.get("layout") == "aggregate":
                continue
            out.append((f"tests/cli/sp-trace/{case}: {m.group(1)}", spec))
    return out


def spec_profile(spec, path):
    """Write the profile of a spec file; its region names, and rows_of() it."""
    p = profile_from_spec(spec)
    write(p, path)
    return p.names, rows_of(p)


def rows_of(p):
    """Its rows' source and metadata by (rank, name)."""
    rows = {}
    for i, (rank, region) in enumerate(zip(p.row_rank, p.row_region)):
        f = p.row_source_file[i] if i < len(p.row_source_file) else None
        ln = p.row_source_line[i] if i < len(p.row_source_line) else None
        meta = None
        if p.event_metadata and i < len(p.event_metadata) and p.event_metadata[i]:
            # NaN and Infinity, which JSON has not, are written as null
            meta = json.loads(p.event_metadata[i], parse_constant=lambda _: None) or None
        rows[(int(rank), p.names[region])] = {
            "file": f or None, "line": ln if ln is not None and ln >= 0 else None,
            "meta": meta}
    return rows


def run(argv, **kw):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def stack(path, tmp):
    calls = os.path.join(tmp, "calls.sps")
    r = run([PROG["read"], path], )
    if r.returncode != 0:
        raise Mismatch(f"sp-read failed: {r.stderr.decode()}")
    s = run([PROG["stack"], "-o", calls], input=r.stdout)
    if s.returncode != 0:
        raise Mismatch(f"sp-stack failed: {s.stderr.decode()}")
    d = run([PROG["dump"], calls])
    return calls, d.stdout.decode("utf-8", "surrogateescape")


def run_info(dump):
    """label, first_ns, last_ns and the lanes in stream order."""
    for line in dump.split("\n"):
        if line.startswith("run 0 "):
            label = line.split(" label=", 1)[1].split(" format=", 1)[0]
            span = line.split(" span=", 1)[1].split(" ", 1)[0]
            lo, hi = span.split("..")
            return label, int(lo), int(hi)
    raise Mismatch("no run in the dump")


def parse_calls(text, names):
    """{(rank, lane): [call]} in stream order, from sp-dump's text; each
    call with name, call (its index in the row), start, end, depth and x,
    its optional columns (gpu, call_id, task, await, ...).  Names may hold
    blanks and newlines: a call line is matched against the known names,
    as check-pipeline.py does."""
    by_len = sorted(set(names), key=len, reverse=True)
    lanes, pos, key = {}, 0, None
    while pos < len(text):
        m = PIPE.BATCH.match(text, pos)
        if m:
            key = (int(m.group(1)), int(m.group(2)))
            lanes.setdefault(key, [])
            pos = m.end()
            for _ in range(int(m.group(4))):
                for name in by_len:
                    if text.startswith("  " + name + "[", pos):
                        c = PIPE.CALL.match(text, pos + 2 + len(name))
                        if c:
                            break
                else:
                    raise Mismatch(f"cannot parse a call at {text[pos:pos + 80]!r}")
                x = dict((kv.split("=")[0], int(kv.split("=")[1]))
                         for kv in c.group(4).split())
                lanes[key].append({"name": name, "call": int(c.group(1)),
                                   "start": int(c.group(2)), "end": int(c.group(3)),
                                   "depth": int(c.group(5)), "x": x})
                pos = c.end()
            continue
        nl = text.find("\n", pos)
        pos = len(text) if nl < 0 else nl + 1
    return lanes


def pick_trace_options(rnd, names, lanes):
    """Random options; sp-trace's defaults for rnd None."""
    if rnd is None:
        return {"align": "none", "min": 0, "no_args": False, "spill": False, "gzip": False}
    o = {"align": "none", "min": 0, "no_args": rnd.random() < 0.2,
         "spill": rnd.random() < 0.4, "gzip": rnd.random() < 0.3}
    roll = rnd.random()
    used = sorted({c["name"] for calls in lanes.values() for c in calls})
    if roll < 0.3:
        o["align"] = "start"
    elif roll < 0.65 and used:
        o["align"] = "region:" + rnd.choice(used)
    durs = sorted(c["end"] - c["start"] for calls in lanes.values() for c in calls)
    if durs and rnd.random() < 0.4:
        o["min"] = max(1, durs[rnd.randrange(len(durs))])
    return o


def trace_argv(o, fmt, out):
    argv = [PROG["trace"], "-f", fmt, "-o", out, "--align", o["align"]]
    if o["min"]:
        argv += ["--min-duration", str(o["min"])]
    if o["no_args"]:
        argv.append("--no-args")
    if o["spill"]:
        argv += ["-S", "64"]
    return argv


# --- the expected trace -----------------------------------------------------

def shifts_of(o, lanes, first_ns, last_ns):
    shift = {}
    for rank in sorted({r for r, _ in lanes}):
        calls = [c for (r, _), cs in lanes.items() if r == rank for c in cs]
        s = 0
        if o["align"] == "start" and calls:
            s = first_ns - min(c["start"] for c in calls)
        elif o["align"].startswith("region:"):
            name = o["align"][7:]
            hits = [c["start"] for c in calls if c["name"] == name]
            if hits:
                s = (last_ns - first_ns) - (min(hits) - first_ns)
        shift[rank] = s
    return shift


def kept(calls, min_ns):
    """The calls min-duration keeps, pre-order: none inside a dropped one."""
    out, cut = [], None
    for c in calls:
        if cut is not None and c["depth"] > cut:
            continue
        cut = None
        if min_ns and c["end"] - c["start"] < min_ns:
            cut = c["depth"]
            continue
        out.append(c)
    return out


def args_of(c, rank, rows, o):
    if o["no_args"]:
        return {}
    a = {}
    row = rows.get((rank, c["name"]), {})
    if row.get("file"):
        a["source_file"] = row["file"]
    if row.get("line") is not None:
        a["source_line"] = row["line"]
    x = c.get("x", {})
    if x.get("call_id", -1) >= 0:
        a["call_id"] = x["call_id"]
    if x.get("gpu", -1) >= 0:
        a["gpu_ns"] = x["gpu"]
    if "await" in x and x.get("task", -1) >= 0:
        a["await_ns"] = x["await"]
    meta = row.get("meta")
    if meta and meta[c["call"]]:
        a["metadata"] = meta[c["call"]]
    return a


def expected(o, lanes, rows, first_ns, last_ns):
    """{(rank, k): [slice]} for the lanes with kept calls; the shifts."""
    shift = shifts_of(o, lanes, first_ns, last_ns)
    want, k = {}, {}
    for (rank, lane) in lanes:          # dict order: the stream's
        k[rank] = k.get(rank, 0) + 1
        sl = [{"ts": c["start"] - first_ns + shift[rank],
               "end": c["end"] - first_ns + shift[rank],
               "name": c["name"], "depth": c["depth"],
               "args": args_of(c, rank, rows, o)}
              for c in kept(lanes[(rank, lane)], o["min"])]
        if sl:
            want[(rank, k[rank])] = sl
    return want, shift


# --- the checks ---------------------------------------------------------------

def same(what, got, want):
    if got != want:
        raise Mismatch(f"{what}:\n  expected {want!r}\n  got      {got!r}")


def our_decoder(data):
    try:
        return pftrace.Trace(data)
    except pftrace.TraceError as exc:
        raise Mismatch(f"protobuf, our decoder (pftrace.py): {exc}") from exc


def protobuf_library(schema):
    """A reader of the trace by python3-protobuf, through the schema module."""
    def read(data):
        try:
            return pbtrace.Trace(data, schema)
        except pbtrace.TraceError as exc:
            raise Mismatch(f"protobuf, python3-protobuf (pbtrace.py): {exc}") from exc
    return read


def check_proto(t, want, shift, label, o, ss_names):
    """t: the trace as our_decoder() or protobuf_library()'s reader give it."""
    same("root track", t.root, {"process_ordering": 1, "thread_ordering": 1})
    ranks = sorted({r for r, _ in want})
    same("processes", sorted(t.processes), [r + 1 for r in ranks])
    for r in ranks:
        p = t.processes[r + 1]
        same(f"rank {r}: process", (p["name"], p["order"], p["labels"]),
             (f"{label} rank {r}", r, [f"align={o['align']}", f"shift_ns={shift[r]}"]))
    seqs = sorted(t.threads)
    same("threads, in the trace's order",
         [(t.threads[u]["pid"], t.threads[u]["tid"], t.threads[u]["order"]) for u in seqs],
         [(r + 1, (r + 1) * LANES + k, k) for r, k in want])
    same("thread names = sp-speedscope's profile names",
         [t.threads[u]["name"] for u in seqs], ss_names)
    for u, (r, k) in zip(seqs, want):
        got = t.slices[u]
        for s in got:
            if "metadata" in s["args"]:
                s["args"]["metadata"] = json.loads(s["args"]["metadata"])
        w = want[(r, k)]
        same(f"rank {r} lane {k}: number of slices", len(got), len(w))
        for i, (a, b) in enumerate(zip(got, w)):
            same(f"rank {r} lane {k} slice {i}", a, b)


def ns_of(d):
    if d != d.quantize(decimal.Decimal("0.001")) or d < 0:
        raise Mismatch(f"json: a time of {d} us is not whole ns")
    return int(d * 1000)


def check_json(text, want, shift, label, o, ss_names, dropped):
    try:
        doc = json.loads(text, parse_float=decimal.Decimal)
    except ValueError as exc:
        raise Mismatch(f"json: python json: {exc}") from exc
    names, threads, xs = {}, [], {}
    for ev in doc["traceEvents"]:
        if "cat" in ev:
            raise Mismatch(f"json: an event with cat: {ev}")
        if ev["ph"] == "M":
            names[(ev["name"], ev["pid"], ev.get("tid"))] = ev["args"]
            if ev["name"] == "thread_name":
                threads.append((ev["pid"], ev["tid"]))
        elif ev["ph"] == "X":
            a = {k: (v if k != "metadata" else json.loads(json.dumps(v, default=str)))
                 for k, v in ev.get("args", {}).items()}
            xs.setdefault((ev["pid"], ev["tid"]), []).append(
                {"ts": ns_of(ev["ts"]), "end": ns_of(ev["ts"]) + ns_of(ev["dur"]),
                 "name": ev["name"], "args": a})
        else:
            raise Mismatch(f"json: an event of phase {ev['ph']}")
    same("json: threads", threads, [(r + 1, (r + 1) * LANES + k) for r, k in want])
    for r in sorted({r for r, _ in want}):
        same(f"json: rank {r} names",
             (names[("process_name", r + 1, None)], names[("process_sort_index", r + 1, None)],
              names[("process_labels", r + 1, None)]),
             ({"name": f"{label} rank {r}"}, {"sort_index": r},
              {"labels": f"align={o['align']},shift_ns={shift[r]}"}))
    same("json: thread names = sp-speedscope's",
         [names[("thread_name", p, t)]["name"] for p, t in threads], ss_names)
    for r, k in want:
        w = [{kk: v for kk, v in s.items() if kk != "depth"} for s in want[(r, k)]]
        same(f"json: rank {r} lane {k}", xs.get((r + 1, (r + 1) * LANES + k)), w)
    m = doc["metadata"]
    same("json: metadata",
         (m["name"], m["sp_align"], m["sp_shift_ns"], m["sp_min_dur_ns"], m["sp_dropped_calls"]),
         (label, o["align"], {str(r): shift[r] for r in sorted({r for r, _ in want})},
          o["min"], dropped))


def speedscope_names(calls, o, tmp):
    out = os.path.join(tmp, "ss.json")
    argv = [PROG["speedscope"], "--unit", "ns", "-o", out, calls]
    if o["min"]:
        argv[1:1] = ["--min-duration", str(o["min"])]
    if run(argv).returncode != 0:
        return None
    with open(out, encoding="ascii") as f:
        return [p["name"] for p in json.load(f)["profiles"]]


def export(o, fmt, calls, tmp):
    out = os.path.join(tmp, "t." + ("pftrace" if fmt == "proto" else "json") +
                       (".gz" if o["gzip"] else ""))
    argv = trace_argv(o, fmt, out) + [calls]
    r = run(argv, env=dict(os.environ, TMPDIR=tmp))
    data = None
    if os.path.exists(out):
        with open(out, "rb") as f:
            data = f.read()
        os.remove(out)
        if o["gzip"]:
            data = gzip.decompress(data)
    return argv, r, data


def features(lanes, want):
    """What the input exercises, of what the test must have covered."""
    have = set()
    if len({r for r, _ in want}) > 1:
        have.add("several ranks")
    if len(want) > len({r for r, _ in want}):
        have.add("several lanes on a rank")
    if any(c["x"].get("task", -1) >= 0 for cs in lanes.values() for c in cs):
        have.add("tasks")
    for slices in want.values():
        path = []
        for s in slices:
            del path[s["depth"]:]
            if s["name"] in path:
                have.add("recursion")
            path.append(s["name"])
            if s["ts"] == s["end"]:
                have.add("zero-length calls")
            if not s["name"].isascii() or any(ch in s["name"] for ch in "\"\\\t\n<"):
                have.add("hostile names")
            have.update("argument " + k for k in s["args"])
    return have


FEATURES = {"several ranks", "several lanes on a rank", "tasks", "recursion",
            "zero-length calls", "hostile names"} | {
    "argument " + k for k in ("source_file", "source_line", "call_id", "gpu_ns",
                              "await_ns", "metadata")}


def check_seed(seed, tmp, verbose, readers):
    rnd, argv = choose(seed)
    path = os.path.join(tmp, f"seed{seed}.h5")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        names, rows = make_profile(argv, path)
    what = f"seed {seed}: spgen.py synth FILE {' '.join(argv)}"
    try:
        return check_file(rnd, path, names, rows, what, tmp, verbose, readers)
    finally:
        os.remove(path)


def check_case(i, where, spec, tmp, verbose, readers):
    """A golden case's input, with sp-trace's default options, then random
    ones (seeded by its place)."""
    path = os.path.join(tmp, "case.h5")
    names, rows = spec_profile(spec, path)
    try:
        return (check_file(None, path, names, rows, where, tmp, verbose, readers) |
                check_file(random.Random(-1 - i), path, names, rows, where, tmp,
                           verbose, readers))
    finally:
        os.remove(path)


def check_file(rnd, path, names, rows, what, tmp, verbose, readers):
    """sp-trace's traces of the profile at path against its calls, the
    Perfetto trace through each of readers and, without --protobuf, the
    JSON; the features() of the input."""
    calls, dump = stack(path, tmp)
    lanes = parse_calls(dump, names)
    label, first_ns, last_ns = run_info(dump)
    o = pick_trace_options(rnd, names, lanes)
    want, shift = expected(o, lanes, rows, first_ns, last_ns)
    ncalls = sum(map(len, lanes.values()))
    dropped = ncalls - sum(map(len, want.values()))
    ss = speedscope_names(calls, o, tmp)
    if verbose:
        print(f"{what.split(': spgen.py')[0]}: {ncalls} calls, {len(lanes)} lanes, "
              f"align {o['align']}, min {o['min']}, {dropped} dropped")
    for fmt in ("proto", "json") if our_decoder in readers else ("proto",):
        targv, r, data = export(o, fmt, calls, tmp)
        what_t = f"{what}\n  {' '.join(targv)}"
        try:
            if not want:
                same("exit status with every call dropped", r.returncode, 1)
                same("a trace left behind", data, None)
                continue
            if r.returncode != 0:
                raise Mismatch(f"sp-trace exit {r.returncode}: {r.stderr.decode()}")
            if fmt == "proto":
                for read in readers:
                    check_proto(read(data), want, shift, label, o, ss)
            else:
                check_json(data.decode("ascii"), want, shift, label, o, ss, dropped)
        except Mismatch as exc:
            raise Mismatch(f"{what_t}\n{exc}") from exc
    os.remove(calls)
    return features(lanes, want)


def readers_of(args, tmp):
    """[reader] of the Perfetto traces: --protobuf's, else our decoder."""
    if not args.protobuf:
        return [our_decoder]
    try:
        return [protobuf_library(pbtrace.load_schema(tmp))]
    except pbtrace.MissingTool as exc:
        if os.environ.get("SP_REQUIRE_ALL"):
            print(f"FAIL: the test would be skipped, but SP_REQUIRE_ALL is set: {exc}")
            sys.exit(1)
        print(f"SKIP: {exc}")
        sys.exit(77)


def check_all(args, tmp, readers, t0):
    """The golden cases' inputs, then seeds until the budget is spent;
    (seeds done, features covered) or a Mismatch."""
    have = set()
    for i, (where, spec) in enumerate(case_inputs()):
        have |= check_case(i, where, spec, tmp, args.verbose, readers)
    done = 0
    for seed in range(args.first, args.first + args.seeds):
        if time.monotonic() - t0 > args.budget:
            print(f"time budget of {args.budget:.0f} s reached after {done} seeds")
            break
        have |= check_seed(seed, tmp, args.verbose, readers)
        done += 1
    if FEATURES - have:
        raise Mismatch(f"the inputs never had {sorted(FEATURES - have)}")
    left = [f for f in os.listdir(tmp) if f.startswith("sp-spill")]
    if left:
        raise Mismatch(f"temporary files left in {tmp}: {left}")
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=int(os.environ.get("SP_PROPERTY_SEEDS", 200)))
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--budget", type=float, default=float(os.environ.get(
        "SP_PROPERTY_BUDGET", 15)), help="stop starting new seeds after this many seconds")
    ap.add_argument("--protobuf", action="store_true",
                    help="read the Perfetto traces with python3-protobuf, not our decoder, "
                    "and leave out the JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if checklib.missing("check-trace", PROG.values()):
        return 1
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="sp-trace-property.")
    try:
        done = check_all(args, tmp, readers_of(args, tmp), t0)
    except Mismatch as exc:
        print(f"FAIL {exc}")
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    what = ("the Perfetto trace of each, read by python3-protobuf, matches"
            if args.protobuf else "both traces of each match")
    print(f"{len(case_inputs())} inputs of the golden cases and {done} seeds: {what} "
          f"its calls ({time.monotonic() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
