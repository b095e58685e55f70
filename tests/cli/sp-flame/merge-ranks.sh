#!/bin/sh
# --merge-ranks: one tree for all ranks of a run, paths merged over them
# (main on rank 0 and rank 1 is one path), one output per run named
# without "_rank<N>": folded stacks, and the interactive graph, whose root
# is "<LABEL all ranks>".
$SPGEN spec - in.h5 <<'EOF2' || exit
{"ranks": {"0": [["main", [0], [10]], ["x", [0], [4]]],
  "1": [["main", [0], [6]], ["y", [1], [2]]]}, "metadata": {"label": "m"}}
EOF2
"$SP_READ" -r all in.h5 | "$SP_STACK" >in.sps || exit
"$SP_FLAME" --folded --merge-ranks in.sps
"$SP_FLAME" --interactive --merge-ranks -o out/g.svg in.sps || exit
ls out
$PYTHON "$SRCDIR/tests/flame-tree.py" data out/g.svg
"$SP_FLAME" --merge-ranks in.sps >/dev/null
echo "exit $?"
