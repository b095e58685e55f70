#!/usr/bin/env python3
"""Check flame-graph SVGs of sp-flame with Python's own XML parser.

  check-svg.py [--frames N] [--above N] [--below N] [--add-up] [--list]
               FILE.svg...

Each file must parse with xml.etree.ElementTree (so: well-formed XML with
every character XML allows), have a size (viewBox, or width and height),
and hold frames as flameprof draws them: nested <svg class="func_g"> with
x, y, width, height, a <title>, a <rect> and a <text>.  It prints one line
per file:

  FILE: N frames (A above, B below), W x H, scalable|fixed[, script]

and checks, for every frame:

  - it lies within the document's width;
  - in the upper section (callees), its children (the frames one row
    above it that start within it) fit within it, and its width is what
    its tooltip says: width + 1 = share * W (the share has two decimals);
    in the lower section, the same for the frames of its top row, whose
    share is their own;
  - with --add-up, in the upper section, the children's widths add up to
    the frame's cumulative time less its self time (the numbers of its
    tooltip, to the graph's scale): true when no child is left out, which
    "[other]" frames ensure unless they are themselves under the
    threshold.

--frames, --above and --below check the counts (of the first file);
--list prints every frame: section, level, x, width and name.
Exit status 0 when every check passes, 1 otherwise, 2 for bad usage.
"""

import argparse
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
TITLE = re.compile(r"^(.*) (\S+)% \((\S+) (\S+) (\S+) (\S+)\)$", re.S)


def frames_of(root):
    out = []
    for el in root.iter(NS + "svg"):
        if el.get("class") != "func_g":
            continue
        g = el.find(NS + "g")
        title = g.find(NS + "title").text or ""
        text = g.find(NS + "text").text or ""
        m = TITLE.match(title)
        out.append({
            "x": float(el.get("x")), "y": float(el.get("y")),
            "w": float(el.get("width")), "h": float(el.get("height")),
            "name": text, "title": title,
            "pct": float(m.group(2)) if m else None,
            "tt": float(m.group(5)) if m else None,
            "tc": float(m.group(6)) if m else None,
            "other": text == "[other]",
        })
    return out


def check(path, args, first):
    bad = []
    root = ET.parse(path).getroot()
    if root.tag != NS + "svg":
        return ["the root element is not an SVG"], None
    vb = root.get("viewBox")
    if vb is not None:
        _, _, W, H = (float(v) for v in vb.split())
        kind = "scalable"
    else:
        W, H = float(root.get("width")), float(root.get("height"))
        kind = "fixed"
    fr = frames_of(root)
    script = root.find(NS + "script") is not None
    # sections: the first frame is the upper section's root row (its
    # largest y); the lower section starts with the first frame below it
    above, below = fr, []
    if fr:
        y0 = fr[0]["y"]
        h = fr[0]["h"] + 1
        for i, f in enumerate(fr):
            if f["y"] > y0:
                above, below = fr[:i], fr[i:]
                break
        for f in above:
            f["sect"], f["level"] = 0, round((y0 - f["y"]) / h)
        if below:
            yb = min(f["y"] for f in below)
            for f in below:
                f["sect"], f["level"] = 1, round((f["y"] - yb) / h)
    eps = 1e-6 * W
    for f in fr:
        if f["x"] < -eps or f["x"] + f["w"] > W + eps:
            bad.append("frame %r at x %g, width %g, outside 0..%g"
                       % (f["name"], f["x"], f["w"], W))
        own = f["sect"] == 0 or f["level"] == 0
        if own and f["pct"] is not None and f["w"] > 1:
            # width + 1 = share * W / 100, the share rounded to 0.01 %
            if abs(f["w"] + 1 - f["pct"] * W / 100) > W * 0.00005 + eps:
                bad.append("frame %r: width %g, but its share is %g%%"
                           % (f["name"], f["w"], f["pct"]))
    scale = None
    if above and above[0]["tc"]:
        scale = (above[0]["w"] + 1) / above[0]["tc"]
    for p in above:
        kids = [c for c in above if c["level"] == p["level"] + 1 and
                p["x"] - eps <= c["x"] < p["x"] + p["w"] + 1 - eps]
        span = sum(c["w"] + 1 for c in kids)
        if span > p["w"] + 1 + 1e-6 * W * max(1, len(kids)):
            bad.append("the children of %r span %g, more than its %g"
                       % (p["name"], span, p["w"] + 1))
        if args.add_up and scale and not p["other"] and p["w"] > 1:
            want = (p["tc"] - p["tt"]) * scale
            if abs(span - want) > 1e-6 * W * max(1, len(kids)) + 1e-9:
                bad.append("the children of %r span %g, not %g (its time "
                           "less its self time)" % (p["name"], span, want))
    if first:
        for opt, n in (("frames", len(fr)), ("above", len(above)),
                       ("below", len(below))):
            want = getattr(args, opt)
            if want is not None and want != n:
                bad.append("%d frames %s, not %d"
                           % (n, "in all" if opt == "frames" else opt, want))
    line = "%s: %d frames (%d above, %d below), %g x %g, %s%s" % (
        path, len(fr), len(above), len(below), W, H, kind,
        ", script" if script else "")
    if args.list:
        for f in fr:
            line += "\n  %s %d %s %s %s" % ("above" if f["sect"] == 0
                                          else "below", f["level"],
                                          repr(f["x"]), repr(f["w"]),
                                          f["name"])
    return bad, line


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--frames", type=int)
    ap.add_argument("--above", type=int)
    ap.add_argument("--below", type=int)
    ap.add_argument("--add-up", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    rc = 0
    for i, path in enumerate(args.files):
        try:
            bad, line = check(path, args, i == 0)
        except (ET.ParseError, OSError, ValueError, AttributeError) as e:
            bad, line = ["not a readable flame graph: %s" % e], None
        if line:
            print(line)
        for b in bad:
            print("%s: FAIL: %s" % (path, b))
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
