#!/usr/bin/python3
"""pftrace: a decoder of our own for the Perfetto traces sp-trace writes.

Written from the protobuf wire format and the field numbers of
doc/trace.md (not from Perfetto's code), it
reads a trace the way trace_processor would need it to be, and fails
(TraceError) on anything it would drop or misread:

  * framing: the file is fields 1 (TracePacket, length-delimited) of a
    Trace and nothing else, each packet parsed whole;
  * sequences: every packet has a trusted_packet_sequence_id (10) other
    than 0; a sequence's first packet says first_packet_on_sequence (87)
    and SEQ_INCREMENTAL_STATE_CLEARED (13 = 1); a packet that uses
    interned names says SEQ_NEEDS_INCREMENTAL_STATE (13 & 2); timestamps
    (8) never go back on a sequence;
  * interning: event names (InternedData 12.2) and debug annotation names
    (12.3) are defined, iid >= 1, before they are used on the sequence,
    and never redefined differently;
  * tracks: every TrackEvent (11) names its track_uuid (11.11), described
    earlier by a TrackDescriptor (60) with a thread (60.4: pid, tid,
    thread_name) under a described process (60.3: pid, process_name);
  * slices: SLICE_BEGIN (11.9 = 1) and SLICE_END (2) pair up per track as
    a stack, ends after begins, and every slice is closed at the end.

    trace = pftrace.Trace(open("t.pftrace", "rb").read())
    trace.processes  {pid: {"name", "labels", "desc", "order", "uuid"}}
    trace.threads    {uuid: {"pid", "tid", "name", "order", "seq"}}
    trace.slices     {uuid: [{"ts", "end", "name", "depth", "args"}]}, in
                     the order the slices begin

Run as a script, it checks a file and prints one line per track, and
with --slices every slice, indented by its depth, with its arguments.
"""

import sys

# field numbers (doc/trace.md, "Fields")
TRACE_PACKET = 1
P_TIMESTAMP, P_SEQ, P_EVENT, P_INTERNED, P_FLAGS = 8, 10, 11, 12, 13
P_DESCRIPTOR, P_FIRST = 60, 87
D_UUID, D_NAME, D_PROCESS, D_THREAD, D_ORDER_RANK, D_DESC = 1, 2, 3, 4, 12, 14
D_PROCESS_ORDERING, D_THREAD_ORDERING = 19, 20
PR_PID, PR_NAME, PR_LABELS = 1, 6, 8
TH_PID, TH_TID, TH_NAME = 1, 2, 5
E_ANNOTATIONS, E_TYPE, E_NAME_IID, E_TRACK = 4, 9, 10, 11
A_NAME_IID, A_INT, A_STRING = 1, 4, 6
I_EVENT_NAMES, I_ANNOTATION_NAMES = 2, 3
SLICE_BEGIN, SLICE_END = 1, 2
CLEARED, NEEDS = 1, 2


class TraceError(Exception):
    pass


def varint(buf, i):
    v, shift = 0, 0
    while True:
        if i >= len(buf):
            raise TraceError("a varint runs past the end")
        b = buf[i]
        i += 1
        v |= (b & 0x7F) << shift
        if not b & 0x80:
            return v, i
        shift += 7
        if shift > 63:
            raise TraceError("a varint longer than 10 bytes")


def fields(buf):
    """[(number, value)] of a message: ints for varints, bytes for the rest."""
    out, i = [], 0
    while i < len(buf):
        key, i = varint(buf, i)
        num, wire = key >> 3, key & 7
        if num == 0:
            raise TraceError("field number 0")
        if wire == 0:
            v, i = varint(buf, i)
        elif wire == 2:
            n, i = varint(buf, i)
            if i + n > len(buf):
                raise TraceError(f"field {num}: {n} bytes past the end")
            v, i = bytes(buf[i:i + n]), i + n
        elif wire == 1:
            v, i = bytes(buf[i:i + 8]), i + 8
        elif wire == 5:
            v, i = bytes(buf[i:i + 4]), i + 4
        else:
            raise TraceError(f"field {num}: wire type {wire}")
        out.append((num, v))
    if i != len(buf):
        raise TraceError("a field runs past the end of its message")
    return out


def one(fs, num, default=None):
    vals = [v for n, v in fs if n == num]
    if len(vals) > 1:
        raise TraceError(f"field {num} given {len(vals)} times")
    return vals[0] if vals else default


def signed(v, bits=64):
    return v - (1 << 64) if v >= 1 << 63 else v


class Trace:
    def __init__(self, data):
        self.processes, self.threads, self.slices = {}, {}, {}
        self.root = None
        self.packets = 0
        self._seq = {}     # seq: {"ts", "names", "annotations"}
        self._open = {}    # uuid: [open slices]
        self._uuids = set()
        for num, v in fields(data):
            if num != TRACE_PACKET or not isinstance(v, bytes):
                raise TraceError(f"Trace field {num}: only packets (1) belong there")
            self._packet(fields(v))
            self.packets += 1
        for uuid, stack in self._open.items():
            if stack:
                raise TraceError(f"track {uuid}: {len(stack)} slices never end")

    def _packet(self, fs):
        seq = one(fs, P_SEQ)
        if not seq:
            raise TraceError("a packet without trusted_packet_sequence_id")
        flags = one(fs, P_FLAGS, 0)
        st = self._seq.get(seq)
        if st is None:
            if one(fs, P_FIRST) != 1 or not flags & CLEARED:
                raise TraceError(f"sequence {seq}: its first packet does not say "
                                 "first_packet_on_sequence and CLEARED")
            st = self._seq[seq] = {"ts": 0, "names": {}, "annotations": {}}
        elif one(fs, P_FIRST) is not None:
            raise TraceError(f"sequence {seq}: first_packet_on_sequence again")
        ts = one(fs, P_TIMESTAMP)
        if ts is None:
            raise TraceError(f"sequence {seq}: a packet without a timestamp")
        if ts < st["ts"]:
            raise TraceError(f"sequence {seq}: time goes back from {st['ts']} to {ts}")
        st["ts"] = ts
        interned = one(fs, P_INTERNED)
        if interned is not None:
            self._intern(st, seq, fields(interned))
        desc, event = one(fs, P_DESCRIPTOR), one(fs, P_EVENT)
        if (desc is None) == (event is None):
            raise TraceError("a packet must be a descriptor or an event")
        if desc is not None:
            self._descriptor(fields(desc))
        else:
            self._event(fields(event), ts, st, seq, flags)

    def _intern(self, st, seq, fs):
        for num, v in fs:
            table = {I_EVENT_NAMES: "names", I_ANNOTATION_NAMES: "annotations"}.get(num)
            if table is None:
                raise TraceError(f"interned_data field {num}: not written by sp")
            e = fields(v)
            iid, name = one(e, 1), one(e, 2)
            if not iid or name is None:
                raise TraceError(f"sequence {seq}: an interned {table} entry without iid or name")
            old = st[table].get(iid)
            if old is not None and old != name:
                raise TraceError(f"sequence {seq}: {table} iid {iid} redefined")
            st[table][iid] = name.decode("utf-8", "surrogateescape")

    def _descriptor(self, fs):
        uuid = one(fs, D_UUID, 0)
        if uuid in self._uuids:
            raise TraceError(f"track {uuid} described twice")
        self._uuids.add(uuid)
        proc, thr = one(fs, D_PROCESS), one(fs, D_THREAD)
        order = one(fs, D_ORDER_RANK)
        if uuid == 0:
            if proc is not None or thr is not None:
                raise TraceError("the root track 0 as a process or thread")
            self.root = {"process_ordering": one(fs, D_PROCESS_ORDERING),
                         "thread_ordering": one(fs, D_THREAD_ORDERING)}
        elif proc is not None:
            p = fields(proc)
            pid = signed(one(p, PR_PID, 0))
            if pid <= 0 or pid in self.processes:
                raise TraceError(f"process track {uuid}: pid {pid}")
            self.processes[pid] = {
                "uuid": uuid, "order": order,
                "name": one(p, PR_NAME, b"").decode("utf-8", "surrogateescape"),
                "labels": [v.decode() for n, v in p if n == PR_LABELS],
                "desc": one(fs, D_DESC, b"").decode("utf-8", "surrogateescape")}
        elif thr is not None:
            t = fields(thr)
            pid, tid = signed(one(t, TH_PID, 0)), signed(one(t, TH_TID, 0))
            if pid not in self.processes:
                raise TraceError(f"thread track {uuid}: pid {pid} has no process track")
            if not tid:
                raise TraceError(f"thread track {uuid}: no tid")
            self.threads[uuid] = {
                "pid": pid, "tid": tid, "order": order,
                "name": one(t, TH_NAME, b"").decode("utf-8", "surrogateescape")}
            self.slices[uuid] = []
            self._open[uuid] = []
        else:
            raise TraceError(f"track {uuid}: neither process nor thread")

    def _annotations(self, fs, st, seq):
        args = {}
        for num, v in fs:
            if num != E_ANNOTATIONS:
                continue
            a = fields(v)
            iid = one(a, A_NAME_IID)
            if iid not in st["annotations"]:
                raise TraceError(f"sequence {seq}: annotation name iid {iid} not interned")
            name = st["annotations"][iid]
            s, n = one(a, A_STRING), one(a, A_INT)
            args[name] = s.decode("utf-8", "surrogateescape") if s is not None else signed(n)
        return args

    def _event(self, fs, ts, st, seq, flags):
        uuid, kind = one(fs, E_TRACK), one(fs, E_TYPE)
        if uuid not in self.threads:
            raise TraceError(f"an event on track {uuid}, which has no thread descriptor")
        stack = self._open[uuid]
        if kind == SLICE_BEGIN:
            iid = one(fs, E_NAME_IID)
            if not flags & NEEDS:
                raise TraceError(f"sequence {seq}: a packet using iids without NEEDS")
            if iid not in st["names"]:
                raise TraceError(f"sequence {seq}: event name iid {iid} not interned")
            s = {"ts": ts, "end": None, "name": st["names"][iid],
                 "depth": len(stack), "args": self._annotations(fs, st, seq)}
            self.slices[uuid].append(s)
            stack.append(s)
        elif kind == SLICE_END:
            if not stack:
                raise TraceError(f"track {uuid}: an end with no slice open, at {ts}")
            if one(fs, E_NAME_IID) is not None or one(fs, E_ANNOTATIONS) is not None:
                raise TraceError(f"track {uuid}: an end repeats its begin")
            s = stack.pop()
            if ts < s["ts"]:
                raise TraceError(f"track {uuid}: a slice ends before it begins")
            s["end"] = ts
        else:
            raise TraceError(f"track {uuid}: event type {kind}")


def main(argv):
    slices = len(argv) == 3 and argv[1] == "--slices"
    if len(argv) != 2 and not slices:
        print("usage: pftrace.py [--slices] FILE", file=sys.stderr)
        return 2
    with open(argv[-1], "rb") as f:
        try:
            t = Trace(f.read())
        except TraceError as exc:
            print(f"pftrace: {argv[-1]}: {exc}")
            return 1
    show(t, slices)
    return 0


def show(t, slices):
    """Print a Trace's tracks, and with slices its slices (pbtrace's too)."""
    print(f"{t.packets} packets, root {t.root}")
    for pid in sorted(t.processes):
        p = t.processes[pid]
        print(f"process {pid} {p['name']!r} order={p['order']} labels={p['labels']}")
        if slices:
            print(f"  description {p['desc']!r}")
        for uuid in sorted(u for u in t.threads if t.threads[u]["pid"] == pid):
            th = t.threads[uuid]
            print(f"  thread {th['tid']} {th['name']!r} order={th['order']}: "
                  f"{len(t.slices[uuid])} slices")
            if not slices:
                continue
            for s in t.slices[uuid]:
                args = "".join(f" {k}={v!r}" for k, v in s["args"].items())
                print(f"    {'  ' * s['depth']}{s['name']!r} {s['ts']}..{s['end']}{args}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
