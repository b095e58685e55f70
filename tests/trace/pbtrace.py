#!/usr/bin/python3
"""pbtrace: sp-trace's Perfetto traces read by the real protobuf library.

pftrace.py reads the wire format by hand; this reads the same files with
python3-protobuf (Debian's, 3.21; its C++ backend by default), through
classes protoc generates at run time from perfetto_subset.proto, the
messages and field numbers of doc/trace.md, "Fields", that sp writes.  The
parse is the library's (Trace.FromString); on the messages it gives back this
checks what trace_processor relies on, and fails (TraceError) otherwise:

  * nothing unknown: no message anywhere holds an unknown field
    (Message.UnknownFields(), which 3.21 keeps for proto2 in both
    backends): a field the subset does not declare, a declared field
    with another wire type, an event type other than SLICE_BEGIN/END;
  * every string field valid UTF-8 (the C++ backend hands back bytes for
    one that is not, the pure-Python one refuses the file);
  * sequences: each packet has a trusted_packet_sequence_id other than 0
    and a timestamp that does not go back on its sequence; a sequence's
    first packet says first_packet_on_sequence and CLEARED, which (there
    or later) empties the sequence's interned names, as Perfetto's
    incremental state; a packet that defines or uses iids says NEEDS;
  * interning: event and annotation names resolve, per sequence, through
    InternedData entries (iid >= 1, never redefined differently);
  * tracks: a root descriptor (uuid 0), a process descriptor per pid, and
    thread descriptors under described processes; each uuid described once;
  * slices: per thread track, SLICE_BEGIN and SLICE_END pair up as a
    stack, an end carries nothing but its type and track, and every slice
    is closed at the end of the file.

Trace(data, schema) gives the view pftrace.Trace gives (processes,
threads, slices, root, packets), so that check-trace.py compares either
against the calls; schema is load_schema(tmpdir)'s module.  Run as a
script, it prints the tracks and slices of a file as pftrace.py --slices
does.
"""

import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROTO = os.path.join(HERE, "perfetto_subset.proto")
CLEARED, NEEDS = 1, 2


class TraceError(Exception):
    pass


class MissingTool(Exception):
    """protoc or python3-protobuf is not there: the test is skipped."""


def load_schema(tmpdir):
    """perfetto_subset_pb2, compiled by protoc --python_out into tmpdir."""
    try:
        import google.protobuf  # noqa: F401
    except ImportError as exc:
        raise MissingTool(f"{exc} (python3-protobuf, for Debian's /usr/bin/python3)") from exc
    try:
        r = subprocess.run(["protoc", "--python_out=" + tmpdir, "-I", HERE, PROTO],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except FileNotFoundError as exc:
        raise MissingTool("no protoc (protobuf-compiler)") from exc
    if r.returncode != 0:
        raise TraceError(f"protoc {PROTO}: {r.stdout.decode()}")
    path = os.path.join(tmpdir, "perfetto_subset_pb2.py")
    spec = importlib.util.spec_from_file_location("perfetto_subset_pb2", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def no_unknowns(msg, where):
    """Fail on an unknown field in msg or any message inside it."""
    unknown = msg.UnknownFields()
    if len(unknown):
        f = unknown[0]
        raise TraceError(f"{where}: an unknown field {f.field_number} (wire type "
                         f"{f.wire_type}): perfetto_subset.proto does not declare it "
                         "with that type (or that value of its enum)")
    for fd, value in msg.ListFields():
        if fd.type == fd.TYPE_STRING:
            for s in (value if fd.label == fd.LABEL_REPEATED else [value]):
                if not isinstance(s, str):
                    raise TraceError(f"{where}.{fd.name}: not UTF-8: {s!r}")
        if fd.type != fd.TYPE_MESSAGE:
            continue
        if fd.label == fd.LABEL_REPEATED:
            for i, m in enumerate(value):
                no_unknowns(m, f"{where}.{fd.name}[{i}]")
        else:
            no_unknowns(value, f"{where}.{fd.name}")


class Sequence:
    """One trusted_packet_sequence_id: its clock and interned names."""

    def __init__(self):
        self.ts = 0
        self.tables = None      # None until a packet says CLEARED

    def clear(self):
        self.tables = {"event_names": {}, "debug_annotation_names": {}}

    def intern(self, data, where):
        for table, entries in self.tables.items():
            for e in getattr(data, table):
                if e.iid < 1 or not e.HasField("name"):
                    raise TraceError(f"{where}: an entry of {table} without iid or name")
                if entries.get(e.iid, e.name) != e.name:
                    raise TraceError(f"{where}: {table} iid {e.iid} redefined "
                                     f"from {entries[e.iid]!r} to {e.name!r}")
                entries[e.iid] = e.name

    def name(self, table, iid, where):
        if iid not in self.tables[table]:
            raise TraceError(f"{where}: {table} iid {iid} is not interned on its sequence")
        return self.tables[table][iid]


class Trace:
    def __init__(self, data, schema):
        from google.protobuf.message import DecodeError
        try:
            trace = schema.Trace.FromString(data)
        except (DecodeError, UnicodeDecodeError) as exc:   # the latter: pure Python's
            raise TraceError(f"python3-protobuf cannot parse it: {exc}") from exc
        no_unknowns(trace, "Trace")
        self.processes, self.threads, self.slices = {}, {}, {}
        self.root, self.packets = None, len(trace.packet)
        self._seqs, self._open, self._uuids = {}, {}, set()
        for i, packet in enumerate(trace.packet):
            self._packet(packet, f"packet {i}")
        for uuid, stack in self._open.items():
            if stack:
                raise TraceError(f"track {uuid}: {len(stack)} slices never end")

    def _sequence(self, packet, where):
        seq_id = packet.trusted_packet_sequence_id
        if not seq_id:
            raise TraceError(f"{where}: no trusted_packet_sequence_id")
        seq = self._seqs.get(seq_id)
        if seq is None:
            if not packet.first_packet_on_sequence or not packet.sequence_flags & CLEARED:
                raise TraceError(f"{where}: the first of sequence {seq_id}, and it does "
                                 "not say first_packet_on_sequence and CLEARED")
            seq = self._seqs[seq_id] = Sequence()
        elif packet.HasField("first_packet_on_sequence"):
            raise TraceError(f"{where}: first_packet_on_sequence on sequence {seq_id} again")
        if packet.sequence_flags & CLEARED:
            seq.clear()
        if not packet.HasField("timestamp"):
            raise TraceError(f"{where}: no timestamp")
        if packet.timestamp < seq.ts:
            raise TraceError(f"{where}: time goes back on sequence {seq_id}, "
                             f"from {seq.ts} to {packet.timestamp}")
        seq.ts = packet.timestamp
        return seq

    def _packet(self, packet, where):
        seq = self._sequence(packet, where)
        uses = packet.HasField("interned_data") or (
            packet.HasField("track_event") and packet.track_event.HasField("name_iid"))
        if uses and not packet.sequence_flags & NEEDS:
            raise TraceError(f"{where}: interned names without SEQ_NEEDS_INCREMENTAL_STATE")
        if packet.HasField("interned_data"):
            seq.intern(packet.interned_data, where)
        kind = packet.WhichOneof("data")
        if kind == "track_descriptor":
            self._descriptor(packet.track_descriptor, where)
        elif kind == "track_event":
            self._event(packet.track_event, packet.timestamp, seq, where)
        else:
            raise TraceError(f"{where}: neither a track descriptor nor a track event")

    def _descriptor(self, d, where):
        if d.uuid in self._uuids:
            raise TraceError(f"{where}: track {d.uuid} described twice")
        self._uuids.add(d.uuid)
        order = d.sibling_order_rank if d.HasField("sibling_order_rank") else None
        if d.uuid == 0:
            if d.HasField("process") or d.HasField("thread"):
                raise TraceError(f"{where}: the root track 0 as a process or thread")
            self.root = {f: getattr(d, f) if d.HasField(f) else None
                         for f in ("process_ordering", "thread_ordering")}
        elif d.HasField("process"):
            p = d.process
            if p.pid <= 0 or p.pid in self.processes:
                raise TraceError(f"{where}: process track {d.uuid} with pid {p.pid}")
            self.processes[p.pid] = {"uuid": d.uuid, "order": order, "name": p.process_name,
                                     "labels": list(p.process_labels),
                                     "desc": d.description}
        elif d.HasField("thread"):
            t = d.thread
            if t.pid not in self.processes or not t.tid:
                raise TraceError(f"{where}: thread track {d.uuid}: pid {t.pid} "
                                 f"(described: {t.pid in self.processes}), tid {t.tid}")
            self.threads[d.uuid] = {"pid": t.pid, "tid": t.tid, "order": order,
                                    "name": t.thread_name}
            self.slices[d.uuid], self._open[d.uuid] = [], []
        else:
            raise TraceError(f"{where}: track {d.uuid} neither root, process nor thread")

    def _event(self, ev, ts, seq, where):
        if ev.track_uuid not in self.threads:
            raise TraceError(f"{where}: an event on track {ev.track_uuid}, "
                             "which has no thread descriptor before it")
        stack = self._open[ev.track_uuid]
        if ev.type == ev.TYPE_SLICE_BEGIN:
            if not ev.HasField("name_iid"):
                raise TraceError(f"{where}: a SLICE_BEGIN without name_iid")
            args = {}
            for a in ev.debug_annotations:
                key = seq.name("debug_annotation_names", a.name_iid, where)
                kind = a.WhichOneof("value")
                if key in args or kind is None:
                    raise TraceError(f"{where}: annotation {key!r} twice or without a value")
                args[key] = getattr(a, kind)
            s = {"ts": ts, "end": None, "name": seq.name("event_names", ev.name_iid, where),
                 "depth": len(stack), "args": args}
            self.slices[ev.track_uuid].append(s)
            stack.append(s)
        elif ev.type == ev.TYPE_SLICE_END:
            if [fd.name for fd, _ in ev.ListFields()] != ["type", "track_uuid"]:
                raise TraceError(f"{where}: a SLICE_END with more than type and track_uuid")
            if not stack:
                raise TraceError(f"{where}: a SLICE_END on track {ev.track_uuid}, "
                                 "with no slice open")
            s = stack.pop()
            if ts < s["ts"]:
                raise TraceError(f"{where}: a slice of track {ev.track_uuid} ends before "
                                 "it begins")
            s["end"] = ts
        else:
            raise TraceError(f"{where}: a track event without a type")


def main(argv):
    if len(argv) != 2:
        print("usage: pbtrace.py FILE", file=sys.stderr)
        return 2
    import tempfile
    import pftrace
    with tempfile.TemporaryDirectory(prefix="pbtrace.") as tmp, open(argv[1], "rb") as f:
        try:
            t = Trace(f.read(), load_schema(tmp))
        except (TraceError, MissingTool) as exc:
            print(f"pbtrace: {argv[1]}: {exc}")
            return 1
    pftrace.show(t, True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
