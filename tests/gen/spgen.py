#!/usr/bin/python3
"""spgen: write scope-profiler HDF5 profiles for the sp test suite.

Run with Debian's Python, which has h5py and numpy:

    /usr/bin/python3 tests/gen/spgen.py spec SPEC.json OUT.h5
    /usr/bin/python3 tests/gen/spgen.py synth [options] OUT.h5
    /usr/bin/python3 tests/gen/spgen.py broken KIND OUT [--schema S]
    /usr/bin/python3 tests/gen/spgen.py broken --list
    /usr/bin/python3 tests/gen/spgen.py spt SPEC.json OUT
    /usr/bin/python3 tests/gen/spgen.py spt-synth [options] OUT
    /usr/bin/python3 tests/gen/spgen.py spt-broken KIND OUT.spt
    /usr/bin/python3 tests/gen/spgen.py spt-broken --list
    /usr/bin/python3 tests/gen/spgen.py hostile [--group G]... OUT.h5|OUT.json
    /usr/bin/python3 tests/gen/spgen.py scale [--kind weak] [options] OUTDIR

Layouts follow doc/formats.md; the files imitate what the
reference writer produces with h5py (dtypes, vstr or fixed strings,
attribute types, contiguous or chunked storage, filters, fill values).
Output is deterministic: the same arguments give the same bytes.

Spec files (spgen.py spec)
==========================

A JSON object. Only "ranks" is needed; everything else has a default:

    {"schema": 3, "ranks": {"0": [["outer", [0], [100]],
                                  ["inner", [10, 50], [40, 90]]]}}

Top-level keys:

  schema        0, 1, 2 or 3 (default 3). 0 is schema 1 without the root
                attribute (pre-versioning files, like the reference fixture).
  layout        "columnar" (default) or "aggregate" (schema 2/3).
  ranks         {"<rank>": [row, ...]} written in rank order, or
                [{"rank": r, "regions": [row, ...]}, ...] written as listed.
                Rows of a rank are written in the order given; in schema 2/3
                region ids are given in first-appearance write order.
  names         region table to start from (schema 2/3): names with no row,
                or a different id order; rows' new names are appended.
  metadata      {"key": value}; null = no /metadata group. Default
                {"mpi_size": highest rank + 1}. Values: string -> vstr,
                integer -> i64, float -> f64, true/false -> HDF5 enum
                {FALSE, TRUE} of i8, list of strings (may be empty) -> 1-D
                vstr array, list of numbers -> i64/f64 array, or a typed
                value {"dtype": D, "value": V}.
  strings       "vstr" (default; variable-length UTF-8), "fixed" (fixed
                length NULLPAD UTF-8 datasets, width = longest value, like
                the MPI parallel writer) or "ascii" (vstr with ASCII cset,
                datasets and attributes, like h5py 2.x).  Any string may
                be made invalid UTF-8 with lone surrogates: "\\udcff" is
                written as the byte 0xff, "\\ud800" as ED A0 80.  vstr
                cannot hold NUL (an error); fixed strings end at one.
  storage       "contiguous" (default), "chunked" (maxshape unlimited;
                index columns chunk 256, event columns h5py's guess),
                "gzip", "shuffle-gzip" (chunked + filters on per-call
                columns), "repacked" (datasets <= 64 KiB contiguous, larger
                chunked: the reference's publish step), or an object
                {"layout": "contiguous"|"chunked"|"repacked", "chunk": N,
                 "compression": "gzip"|null, "level": 4, "shuffle": bool}.
                With chunk N: index columns (N,), event columns min(len, N).
                Chunked optional columns get the writer's fill value (-1,
                0 for await_ns).
  exclusive_totals  "unset" (default: column of -1, as in the fixtures),
                true (computed from the nesting per rank and lane) or false
                (no column). A row's "exclusive" overrides its value.
  summary_statistics  true: write the 88-byte compound, computed per row.
  call_ids      true: call_ids/parent_ids for every call, numbered per rank
                by (start asc, end desc, write order); parents per lane.
  event_metadata  true: write the column ("[]" for rows without);
                "backfill": the same with "" for rows without. Default: the
                column exists if any row has event_metadata.
  thread_table  [{"rank", "index", "ident", "native_id", "daemon", "name",
                  "start_ns", "end_ns", "cpu_ns"}, ...] (all but rank
                optional; index counts per rank, name MainThread/Thread-i).
  task_table    [{"rank", "index", "kind", "name", "coro_name",
                  "thread_index", "created_ns", "done_ns", "steps",
                  "running_ns", "suspended_ns"}, ...] (defaults likewise).
  likwid        {"<rank>": {"env": {"LIKWID_X": "..."}, "regions": [
                  {"tag", "group_id", "group_name", "source", "event_names",
                   "counter_names" (null = attribute absent), "metric_names",
                   "cpus", "times", "call_counts", "events" (E x T),
                   "metrics" (M x T; NaN/Infinity allowed), "events_shape"/
                   "metrics_shape" for empty matrices (default [0, T])}]}}
  line_profile  {"<rank>": [{"region", "filename", "function",
                  "first_lineno", "unit", "line_numbers", "hits", "times",
                  optional "source", "source_first_lineno"}, ...]}
  perf_events   {"<rank>": {"<region>": {"calls": N,
                  "values": {"cycles": 123, ...}}}}   (schema 2/3)
  schema_attr   override the root scope_profiler_schema: a number or typed
                value; null = omit it.
  storage_layout_attr  override the root storage_layout (null = omit).
  edits         applied in order after writing, for damage or unknown
                objects:
                  {"remove": PATH}
                  {"remove_attr": NAME, "path": PATH}
                  {"attr": NAME, "path": PATH, "value": V, "dtype": D}
                  {"dataset": PATH, "data": [...], "dtype": D,
                   "chunks": N, "fill": V}   (replaces an existing one)
                  {"group": PATH}
  comment       ignored.

A row is [name, starts, ends] or [name, starts, ends, {extras}] or an
object {"name", "starts", "ends" | "durations", extras...}. Extras:

  gpu_durations, call_ids, parent_ids, thread_ids, task_ids, await_ns
                per-call integer lists; a column any row has is written for
                all rows (-1 fill, 0 for await_ns). In schema 1 only the
                first three exist, and only for the rows that give them.
  source_file, source_lineno, source_text
                schema 1: each attribute written only if given; schema 2/3:
                "" / -1 / "" when absent.
  tags          list of strings (schema 1: vstr array attribute, may be
                empty; absent = no attribute); schema 2/3: stored as
                json.dumps(list), or give a string to store it verbatim.
  exclusive     integer for exclusive_totals.
  event_metadata  list of objects, one per call (stored with json.dumps),
                or a string stored verbatim.
  aggregate     [count, total, min, max, exclusive] or an object
                {"count", "total", "minimum", "maximum", "exclusive"}
                (layout aggregate; computed from starts/ends if absent).

hostile writes region names built to break exporters (spgen_hostile.py:
empty, 64 KiB, control characters, NUL (JSON only), line breaks, invalid
UTF-8, bidi marks, markup, separators, trailing blanks, 2,000 names of
one long prefix), as HDF5 or, for OUT.json, a JSON profile; every group
the format holds unless --group says which.

Native traces (.spt) have spec files of their own: see spgen_spt.py.
spt-synth writes random nested calls, one file per rank (OUT_rank<NNNNN>.spt),
either version and byte order.

Typed values (attributes, edits): {"dtype": D, "value": V} with D one of
i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 (little-endian), a numpy name such
as ">i8" (big-endian), "bool" (enum), "vstr", "ascii", "fixed"; a list
value gives a 1-D array.

Schema 3 stores per row start_deltas (first absolute start, then
differences, negative if the row is not start-sorted) and durations.
Starts and ends are never checked: a spec may describe bad data on
purpose (end before start, overlapping calls), unless call_ids or
exclusive totals are to be computed from it.
"""

import argparse
import json
import sys
import time

sys.dont_write_bytecode = True

from spgen_broken import KINDS, make  # noqa: E402
from spgen_spec import STORAGE_NAMES, profile_from_spec  # noqa: E402
from spgen_synth import DEFAULTS, synth_profile  # noqa: E402
import spgen_hostile  # noqa: E402
import spgen_scale  # noqa: E402
import spgen_spt  # noqa: E402
from spgen_write import NestingError, SpecError, write  # noqa: E402

PROG = "spgen"


def cmd_spec(args):
    if args.spec == "-":
        spec = json.load(sys.stdin)
    else:
        with open(args.spec, encoding="utf-8") as f:
            spec = json.load(f)
    write(profile_from_spec(spec), args.out)


def cmd_synth(args):
    t = time.monotonic()
    p, failed = synth_profile(args)
    write(p, args.out)
    for rank in failed:
        print(f"{PROG}: rank {rank} is not properly nested: its call ids and "
              "exclusive totals are left at -1", file=sys.stderr)
    if args.verbose:
        n = int(sum(p.row_count))
        print(f"{PROG}: {args.out}: {n} calls, {len(p.row_count)} rows, "
              f"{len(p.names)} regions, {time.monotonic() - t:.2f} s", file=sys.stderr)


def cmd_broken(args):
    if args.list:
        for kind, (schema, schemas, what) in KINDS.items():
            where = f" [schema {schema}; --schema {','.join(map(str, schemas))}]" \
                if schemas else ""
            print(f"{kind:24} {what}{where}")
        return
    make(args.kind, args.out, schema=args.schema, seed=args.seed)


def cmd_spt(args):
    if args.spec == "-":
        spec = json.load(sys.stdin)
    else:
        with open(args.spec, encoding="utf-8") as f:
            spec = json.load(f)
    spgen_spt.write_spec(spec, args.out)


def cmd_spt_synth(args):
    spec = spgen_spt.synth_spec(args.ranks, args.calls, args.regions, args.depth,
                                args.seed, args.version, args.byteorder)
    spgen_spt.write_spec(spec, args.out if args.ranks != 1 or
                         not args.out.endswith(".spt") else args.out)


def cmd_spt_broken(args):
    if args.list:
        for kind, what in spgen_spt.KINDS.items():
            print(f"{kind:24} {what}")
        return
    with open(args.out, "wb") as f:
        f.write(spgen_spt.broken_bytes(args.kind))


def cmd_scale(args):
    ranks = [int(x) for x in args.ranks.split(",") if x]
    if not ranks or min(ranks) < 1:
        raise SpecError("--ranks: give rank counts above 0, e.g. 1,2,4")
    spgen_scale.write_series(args.out, args.kind, ranks, args.serial,
                             args.slow, args.overhead, args.repeat,
                             args.unequal_work, args.extra, profile_from_spec,
                             write)


def cmd_hostile(args):
    groups = args.group or [g for g in spgen_hostile.GROUPS
                            if args.out.endswith(".json")
                            or g not in spgen_hostile.JSON_ONLY]
    try:
        spgen_hostile.write(groups, args.out)
    except ValueError as exc:
        raise SpecError(str(exc)) from exc


def parser():
    ap = argparse.ArgumentParser(prog=PROG, description=(
        "Write scope-profiler HDF5 profiles for tests. The spec format is "
        "described in this script's docstring and in tests/gen/README.md."))
    sub = ap.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("spec", help="write the profile a JSON spec describes")
    sp.add_argument("spec", help="spec file, - for stdin")
    sp.add_argument("out", help="output .h5")
    sp.set_defaults(func=cmd_spec)

    sy = sub.add_parser("synth", help="generate a profile")
    d = DEFAULTS
    sy.add_argument("out", help="output .h5")
    sy.add_argument("--schema", type=int, choices=(0, 1, 2, 3), default=d["schema"])
    sy.add_argument("--layout", choices=("columnar", "aggregate"), default=d["layout"])
    sy.add_argument("--ranks", type=int, default=d["ranks"], help="number of ranks")
    sy.add_argument("--calls", type=int, default=d["calls"], help="calls per rank")
    sy.add_argument("--regions", type=int, default=d["regions"],
                    help="distinct regions (random shape)")
    sy.add_argument("--depth", type=int, default=d["depth"],
                    help="nesting levels (template: 3 + extra levels under kernel)")
    sy.add_argument("--shape", choices=("template", "random"), default=d["shape"])
    sy.add_argument("--names", choices=("plain", "tricky"), default=d["names"],
                    help="random shape: plain names, or unicode/quotes/' > '/tabs")
    sy.add_argument("--threads", type=int, default=d["threads"],
                    help="thread lanes: thread_ids column + thread_table")
    sy.add_argument("--tasks", type=int, default=d["tasks"],
                    help="task lanes: task_ids, await_ns + task_table")
    sy.add_argument("--gpu", action="store_true", help="gpu_durations column")
    sy.add_argument("--call-ids", action="store_true", help="call_ids/parent_ids")
    sy.add_argument("--exclusive", action="store_true",
                    help="computed exclusive_totals (default: column of -1)")
    sy.add_argument("--summary", action="store_true", help="summary_statistics")
    sy.add_argument("--storage", choices=("auto", *STORAGE_NAMES), default=d["storage"],
                    help="auto: the reference's rule (repacked up to 16 MiB, else "
                         "chunked)")
    sy.add_argument("--chunk", type=int, default=d["chunk"], help="configured chunk size")
    sy.add_argument("--gzip-level", type=int, default=d["gzip_level"])
    sy.add_argument("--strings", choices=("vstr", "fixed", "ascii"), default=d["strings"])
    sy.add_argument("--metadata", choices=("minimal", "full", "none"),
                    default=d["metadata"])
    sy.add_argument("--extras", action="store_true",
                    help="LIKWID, line_profile, perf_events (2/3), event_metadata (3)")
    sy.add_argument("--unsorted", action="store_true",
                    help="rows in exit order; rank 0's largest row shuffled")
    sy.add_argument("--overlap", action="store_true",
                    help="one partially overlapping call 'overlap' on rank 0")
    sy.add_argument("--seed", type=int, default=d["seed"])
    sy.add_argument("-v", "--verbose", action="store_true", help="report counts and time")
    sy.set_defaults(func=cmd_synth)

    br = sub.add_parser("broken", help="write a damaged or unusual file")
    br.add_argument("kind", nargs="?", help="see --list")
    br.add_argument("out", nargs="?")
    br.add_argument("--schema", type=int, choices=(0, 1, 2, 3))
    br.add_argument("--seed", type=int, default=1)
    br.add_argument("--list", action="store_true", help="list the kinds")
    br.set_defaults(func=cmd_broken)

    st = sub.add_parser("spt", help="write the native traces a JSON spec describes")
    st.add_argument("spec", help="spec file, - for stdin")
    st.add_argument("out", help="OUT.spt (one rank) or a prefix")
    st.set_defaults(func=cmd_spt)

    ss = sub.add_parser("spt-synth", help="generate native traces, one per rank")
    ss.add_argument("out", help="prefix: OUT_rank<NNNNN>.spt (OUT.spt for one rank)")
    ss.add_argument("--ranks", type=int, default=2)
    ss.add_argument("--calls", type=int, default=50, help="calls per rank")
    ss.add_argument("--regions", type=int, default=5)
    ss.add_argument("--depth", type=int, default=4)
    ss.add_argument("--version", type=int, choices=(1, 2), default=2)
    ss.add_argument("--byteorder", choices=("little", "big"), default="little")
    ss.add_argument("--seed", type=int, default=1)
    ss.set_defaults(func=cmd_spt_synth)

    sb = sub.add_parser("spt-broken", help="write a damaged or unusual native trace")
    sb.add_argument("kind", nargs="?", help="see --list")
    sb.add_argument("out", nargs="?")
    sb.add_argument("--list", action="store_true", help="list the kinds")
    sb.set_defaults(func=cmd_spt_broken)
    sc = sub.add_parser("scale", help="write a scaling series: a profile per "
                        "rank count, regions scaling by known laws")
    sc.add_argument("out", help="directory for run-NN.h5")
    sc.add_argument("--kind", choices=("strong", "weak"), default="strong")
    sc.add_argument("--ranks", default="1,2,4,8,16,32,64",
                    help="rank counts, comma-separated")
    sc.add_argument("--serial", type=float, default=0.05,
                    help="amdahl's serial fraction")
    sc.add_argument("--slow", type=float, default=0.1,
                    help="slow_rank's extra time over T")
    sc.add_argument("--overhead", type=float, default=0.01,
                    help="overhead's growth per doubling over T")
    sc.add_argument("--repeat", type=int, default=1, help="runs per rank count")
    sc.add_argument("--extra", type=int, default=0,
                    help="more regions x00, x01 ... that scale perfectly")
    sc.add_argument("--unequal-work", action="store_true",
                    help="the last rank count's work_per_rank differs")
    sc.set_defaults(func=cmd_scale)
    ho = sub.add_parser("hostile", help="write a profile of hostile region names")
    ho.add_argument("out", help="OUT.h5, or OUT.json for a JSON profile")
    ho.add_argument("--group", action="append", choices=list(spgen_hostile.GROUPS),
                    help="only these groups of names (default: all the format holds)")
    ho.set_defaults(func=cmd_hostile)
    return ap


def main(argv=None):
    ap = parser()
    args = ap.parse_args(argv)
    if args.command in ("broken", "spt-broken") and not args.list and \
            not (args.kind and args.out):
        ap.error(f"{args.command} needs KIND and OUT (or --list)")
    try:
        args.func(args)
    except (SpecError, NestingError, json.JSONDecodeError, OSError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
