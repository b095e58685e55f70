#!/bin/sh
# --interactive: one SVG that carries the aggregated call-path tree (ids
# by position, the parent as an offset, a name index, calls, self and
# total ns; the names once, each with its outermost time) and the script
# that draws it; a fallback line for viewers without scripts; nothing
# from elsewhere (the only URLs are the XML namespaces, XHTML's for the
# search box).  The tree is the
# folded stacks' own: main 10 ms self, setup 20, solve 40 > assemble 30.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]]},
 "metadata": {"label": "profiling_data"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_FLAME" --interactive --title 'the run' calls.sps >i.svg || exit
"$SP_FLAME" --folded calls.sps
$PYTHON "$SRCDIR/tests/flame-tree.py" data i.svg
head -n 1 i.svg
grep -o '<script type="[^"]*"' i.svg
grep -o '<text id="sp-fallback"[^>]*>[^<]*</text>' i.svg
grep -o '"http[^"]*"' i.svg | sort -u
"$SP_FLAME" --interactive --fixed-width calls.sps | head -n 3
