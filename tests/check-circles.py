#!/usr/bin/env python3
"""check-circles.py LIBDIR: no include circle between the modules of lib/.

A module is a .c file and its headers: NAME.c, NAME.h and a private
NAME_impl.h, NAME_internal.h or NAME_private.h.  Module A uses module B
when a file of A includes a header of B.  The layers of lib/README.md keep
the folders in order; this keeps the modules of one folder in order too,
so that each can be read, tested and replaced from the bottom up.  Fails,
naming the modules of each circle, when the uses form one.
"""
import os
import re
import sys

PRIVATE = re.compile(r'_(impl|internal|private)$')
INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)\.h"')


def module(path):
    return PRIVATE.sub('', os.path.splitext(os.path.basename(path))[0])


def uses(root):
    files = {}
    for d, _, names in os.walk(root):
        for n in names:
            if n.endswith(('.c', '.h')):
                files.setdefault(module(n), []).append(os.path.join(d, n))
    edges = {m: set() for m in files}
    for m, paths in files.items():
        for p in paths:
            with open(p, encoding='utf-8', errors='replace') as f:
                for line in f:
                    g = INCLUDE.match(line)
                    if g:
                        t = module(g.group(1))
                        if t in files and t != m:
                            edges[m].add(t)
    return edges


def circles(edges):
    """Tarjan's strongly connected components of more than one module."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) != 2:
        print('usage: check-circles.py LIBDIR', file=sys.stderr)
        return 2
    edges = uses(sys.argv[1])
    found = circles(edges)
    for comp in found:
        print('check-circles: an include circle between ' + ', '.join(comp),
              file=sys.stderr)
    if found:
        return 1
    print(f'check-circles: {len(edges)} modules, no include circle')
    return 0


if __name__ == '__main__':
    sys.exit(main())
