#!/usr/bin/env python3
"""Read the flame graphs sp-flame draws from the call-path tree.

  flame-tree.py frames FILE.svg   the frames of a static differential graph
  flame-tree.py data FILE.svg     the tree an interactive graph carries
  flame-tree.py data FILE.html    the trees of sp-report's flame graphs

Every SVG file must parse with xml.etree.ElementTree (well-formed XML).

frames: one line per text row (title, legend, the one-sided stacks) and
one per frame, "x width fill name", in document order, then the tooltips.

data: the JSON object in <script id="sp-data"> (of an HTML page, in each
<script class="sp-flame-data">, a graph after the other): its labels
and view, then
the tree, one line per node in preorder, indented by depth:

  NAME  calls self total [| before: calls self total]

(for a diff the after run first), checking on the way that every node's
total is its self time plus its children's totals, and its merged time
(what the budget took, in the "merged" list) the rest; and that the
names' outermost times are what the tree gives when it is whole.
Exit status 0 when the checks pass, 1 otherwise.
"""

import json
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def frames(root):
    for el in root.iter():
        if el.tag == NS + "text" and (el.get("class") or "").startswith("sp_"):
            print(f"{el.get('class')}: {el.text}")
    tips = []
    for el in root.iter(NS + "svg"):
        if el.get("class") != "func_g":
            continue
        g = el.find(NS + "g")
        print(el.get("x"), el.get("width"), g.find(NS + "rect").get("fill"),
              g.find(NS + "text").text)
        tips.append(g.find(NS + "title").text)
    for t in tips:
        print("--\n" + t)
    return 0


def data(root):
    script = [el for el in root.iter(NS + "script")
              if el.get("id") == "sp-data"]
    return tree(json.loads(script[0].text))


# sp-report's graphs: their JSON cannot hold "</script" (sp-flame writes
# "<" as \u003c), so the first one ends each
HTML_DATA = re.compile(r'<script type="application/json" '
                       r'class="sp-flame-data">(.*?)</script>', re.S)


def html_data(text):
    rc = 0
    for m in HTML_DATA.finditer(text):
        rc |= tree(json.loads(m.group(1)))
    return rc


def tree(d):
    t = d["tree"]
    n, sides = t["nodes"], len(t["v"])
    print("labels:", d["labels"])
    print("view:", json.dumps(d["view"], sort_keys=True))
    print(f"nodes {n} of {t['paths']}, merged {t['merged_nodes']}")
    parent = [0] * n
    depth = [0] * n
    kids = [0.0] * (n * sides)
    for i in range(n):
        parent[i] = i - t["tree"][2 * i] if i else -1
        depth[i] = depth[parent[i]] + 1 if i else 0
    merged = dict(zip(t["merged"][0::2], t["merged"][1::2]))
    ok = True
    for s in range(sides):
        v = t["v"][s]
        child = [0] * n
        for i in range(1, n):
            child[parent[i]] += v[3 * i + 2]
        for i in range(n):
            rest = v[3 * i + 2] - v[3 * i + 1] - child[i]
            if rest < 0 or (rest > 0 and i not in merged):
                print(f"FAIL: node {i}, side {s}: total {v[3 * i + 2]} is "
                      f"not self + children ({v[3 * i + 1]} + {child[i]})")
                ok = False
    order = [sides - 1] + list(range(sides - 1))
    for i in range(n):
        name = t["names"][t["tree"][2 * i + 1]]
        cols = [" ".join(str(x) for x in t["v"][s][3 * i:3 * i + 3])
                for s in order]
        extra = f"  [{merged[i]} merged]" if i in merged else ""
        print("  " * depth[i] + f"{name}  " + " | before: ".join(cols) + extra)
    if t["merged_nodes"] == 0:
        for s in range(sides):
            outer = {}
            stack = []
            for i in range(n):
                while stack and depth[stack[-1]] >= depth[i]:
                    stack.pop()
                k = t["tree"][2 * i + 1]
                if all(t["tree"][2 * j + 1] != k for j in stack):
                    outer[k] = outer.get(k, 0) + t["v"][s][3 * i + 2]
                stack.append(i)
            for k, x in enumerate(t["outer"][s]):
                if outer.get(k, 0) != x:
                    print(f"FAIL: name {t['names'][k]!r}: outermost {x}, "
                          f"the tree says {outer.get(k, 0)}")
                    ok = False
    return 0 if ok else 1


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("frames", "data"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    if sys.argv[1] == "data" and sys.argv[2].endswith(".html"):
        with open(sys.argv[2], encoding="utf-8") as f:
            return html_data(f.read())
    root = ET.parse(sys.argv[2]).getroot()
    return frames(root) if sys.argv[1] == "frames" else data(root)


if __name__ == "__main__":
    sys.exit(main())
