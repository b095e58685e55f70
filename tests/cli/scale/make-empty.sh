#!/bin/sh
# The README's examples/Makefile recipe over a directory that holds an
# empty profile (a real one, without calls) and an aggregate-layout one:
# make -j exits 0, writes every output of the profile with calls, and the
# exporters say in one note each what they did not write for the others.
command -v make >/dev/null 2>&1 || { echo "SKIP: no make"; exit 77; }
mkdir in || exit
$SPGEN synth --ranks 2 --calls 50 --regions 3 --seed 5 in/run.h5 || exit
$SPGEN spec - in/empty.h5 <<'JSON' || exit
{"ranks": {}}
JSON
$SPGEN spec - in/summary.h5 <<'JSON' || exit
{"layout": "aggregate", "ranks": {"0": [{"name": "solve", "aggregate": [3, 33, 5, 15, 20]}]}}
JSON
make -s -j4 -f "$SRCDIR/examples/Makefile" IN=in OUT=out SP_BIN="$(dirname "$SP_READ")" 2>notes
echo "make: exit $?"
sort notes
ls out
