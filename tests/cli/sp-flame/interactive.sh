#!/bin/sh
# --interactive: the same 17 frames with the same tooltips, a row above
# (Reset zoom, Search: hidden until the script shows them) and one below
# (details, matched share), and one embedded script; nothing from
# elsewhere (the only URLs are the XML namespaces).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [100000000]], ["setup", [0], [20000000]],
  ["solve", [20000000], [90000000]], ["assemble", [30000000], [60000000]]]},
 "metadata": {"label": "profiling_data"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_FLAME" --interactive --title 'the run' calls.sps >i.svg || exit
"$SP_FLAME" calls.sps >plain.svg || exit
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 17 --add-up i.svg
grep -o '<title>[^<]*</title>' i.svg >i.titles
grep -o '<title>[^<]*</title>' plain.svg | cmp - i.titles &&
    echo "the tooltips of the plain graph"
head -n 1 i.svg
grep -c '<script' i.svg
grep -o '<text class="[^"]*"[^>]*>[^<]*</text>' i.svg
grep -o 'var P = {[^}]*}' i.svg
grep -o '"http[^"]*"' i.svg | sort -u
