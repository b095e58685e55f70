#!/bin/sh
# A diff per rank, named FILE_rank<N> without run labels (the file is the
# pair's): rank 1 only in the after run is all added, rank 2 only in the
# before run all removed; --merge-ranks makes one graph of all ranks,
# paths merged over them, named FILE; standard output takes one diff.
$SPGEN spec - b.h5 <<'EOF2' || exit
{"ranks": {"0": [["main", [0], [10]], ["x", [0], [4]]],
  "2": [["main", [0], [6]]]}, "metadata": {"label": "b"}}
EOF2
$SPGEN spec - a.h5 <<'EOF2' || exit
{"ranks": {"0": [["main", [0], [10]], ["x", [0], [6]]],
  "1": [["main", [0], [3]], ["y", [1], [2]]]}, "metadata": {"label": "a"}}
EOF2
"$SP_READ" -r all b.h5 a.h5 >ba.ivs && "$SP_STACK" ba.ivs >ba.sps || exit
"$SP_FLAME" --diff --folded -o out/d ba.sps || exit
for f in out/*; do echo "$f:"; cat "$f"; done
rm -r out
"$SP_FLAME" --diff --folded --merge-ranks -o out/d ba.sps || exit
for f in out/*; do echo "$f:"; cat "$f"; done
"$SP_FLAME" --diff -o out/ ba.sps || exit
ls out
"$SP_FLAME" --diff ba.sps >one.svg
echo "exit $?"
wc -c <one.svg
