#!/usr/bin/env python3
"""sp-items: print the items of an sp stream in CBOR diagnostic notation.

    python3 tests/cli/sp-items.py [--kind KIND]... [--offsets] [FILE|-]

A test helper for the golden CLI cases that need to see what sp-dump leaves
out (run metadata, side payloads, raw header fields).  It decodes the CBOR
sequence on its own (standard library only) and prints one item per line,
in the notation of RFC 8949 section 8:

  * integers in decimal, text as a JSON string (non-ASCII escaped as \\uXXXX),
    byte strings as h'hex', arrays [a, b], maps {k: v}, tags N(value);
  * floats as Python repr (NaN, Infinity, -Infinity), with the encoding
    indicator _1 (half) or _2 (single) when not double precision;
  * false, true, null, undefined, simple(N).

With --kind, only items [KIND, ...] of those kinds are printed.  With
--offsets, each item's first byte offset is printed instead of the item,
then the stream's size (the fault/cut-* cases cut near these).  A
decoding error prints "sp-items: ..." on stderr and exits 1.
"""

import json
import math
import struct
import sys


class Bad(Exception):
    pass


class Dec:
    def __init__(self, data):
        self.d = data
        self.i = 0

    def take(self, n):
        if self.i + n > len(self.d):
            raise Bad(f"truncated at byte {self.i}")
        b = self.d[self.i:self.i + n]
        self.i += n
        return b

    def arg(self, info):
        if info < 24:
            return info
        if info == 24:
            return self.take(1)[0]
        if info == 25:
            return struct.unpack(">H", self.take(2))[0]
        if info == 26:
            return struct.unpack(">I", self.take(4))[0]
        if info == 27:
            return struct.unpack(">Q", self.take(8))[0]
        if info == 31:
            return None
        raise Bad(f"reserved additional information {info} at byte {self.i - 1}")

    def item(self):
        ib = self.take(1)[0]
        major, info = ib >> 5, ib & 31
        if major == 7:
            return self.simple(info)
        n = self.arg(info)
        if major == 0:
            return str(n)
        if major == 1:
            return str(-1 - n)
        if major in (2, 3):
            if n is None:
                parts = []
                while self.d[self.i:self.i + 1] != b"\xff":
                    parts.append(self.item())
                self.take(1)
                return "(_ " + ", ".join(parts) + ")"
            raw = self.take(n)
            if major == 2:
                return "h'" + raw.hex() + "'"
            try:
                return json.dumps(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise Bad(f"invalid UTF-8 in a text string before byte {self.i}")
        if major == 4:
            out = []
            if n is None:
                while self.d[self.i:self.i + 1] != b"\xff":
                    out.append(self.item())
                self.take(1)
                return "[_ " + ", ".join(out) + "]"
            for _ in range(n):
                out.append(self.item())
            return "[" + ", ".join(out) + "]"
        if major == 5:
            out = []
            if n is None:
                while self.d[self.i:self.i + 1] != b"\xff":
                    out.append(self.item() + ": " + self.item())
                self.take(1)
                return "{_ " + ", ".join(out) + "}"
            for _ in range(n):
                out.append(self.item() + ": " + self.item())
            return "{" + ", ".join(out) + "}"
        # major 6: tag
        return f"{n}({self.item()})"

    def simple(self, info):
        if info < 20:
            return f"simple({info})"
        if info == 20:
            return "false"
        if info == 21:
            return "true"
        if info == 22:
            return "null"
        if info == 23:
            return "undefined"
        if info == 24:
            return f"simple({self.take(1)[0]})"
        if info == 25:
            return fmt_float(struct.unpack(">e", self.take(2))[0]) + "_1"
        if info == 26:
            return fmt_float(struct.unpack(">f", self.take(4))[0]) + "_2"
        if info == 27:
            return fmt_float(struct.unpack(">d", self.take(8))[0])
        raise Bad(f"unexpected break or reserved simple value at byte {self.i - 1}")


def fmt_float(x):
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return repr(x)


def main(argv):
    kinds = []
    offsets = False
    path = "-"
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--kind" and args:
            kinds.append(args.pop(0))
        elif a == "--offsets":
            offsets = True
        elif a.startswith("-") and a != "-":
            print(f"sp-items: unknown option {a}", file=sys.stderr)
            return 2
        else:
            path = a
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as exc:
        print(f"sp-items: {path}: {exc.strerror}", file=sys.stderr)
        return 1
    dec = Dec(data)
    try:
        while dec.i < len(data):
            if offsets:
                print(dec.i)
            text = dec.item()
            if offsets:
                continue
            body = text[len("55799("):] if text.startswith("55799(") else text
            if kinds and not any(body.startswith(f'["{k}", ') for k in kinds):
                continue
            print(text)
    except Bad as exc:
        print(f"sp-items: {exc}", file=sys.stderr)
        return 1
    if offsets:
        print(len(data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
