#!/bin/sh
# One graph per rank with calls, named FILE_rank<N> (a rank without calls
# gets none); standard output takes one graph only: a usage error, and
# nothing written.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [0], [10]]], "1": [["b", [0], [10]]],
  "2": [["c", [], []]], "3": [["d", [5], [7]]]}}
EOF2
"$SP_READ" -r all in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_FLAME" -o out/flame.svg calls.sps || exit
ls -A out
"$SP_FLAME" --folded -o out/ calls.sps || exit
ls -A out
grep -h . out/*.folded
"$SP_FLAME" calls.sps >stdout.svg
echo "exit $?"
wc -c <stdout.svg
