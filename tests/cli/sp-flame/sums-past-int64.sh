#!/bin/sh
# A rank's lanes are one graph: two threads of a call of 9.2e18 ns each
# add up past 2^63 - 1 ns, and the graphs that sum the calls' self times
# (interactive, folded) refuse the run with one line instead of wrapping
# (undefined behaviour, which the sanitizers' build reports).  The static
# graph, drawn from the pstats dict's doubles, takes it.
$SPGEN spec - lanes.h5 <<'EOF2'
{"schema": 3, "ranks": {"0": [
  ["main", [-4600000000000000000, -4600000000000000000],
           [4600000000000000000, 4600000000000000000], {"thread_ids": [0, 1]}],
  ["kid", [-4500000000000000000, -4500000000000000000],
          [4500000000000000000, 4500000000000000000], {"thread_ids": [0, 1]}]]},
 "thread_table": [{"rank": 0, "index": 0}, {"rank": 0, "index": 1}]}
EOF2
"$SP_READ" lanes.h5 | "$SP_STACK" >calls.sps || exit
for o in --interactive --folded ""; do
	"$SP_FLAME" $o -o out calls.sps
	echo "${o:-static}: exit $?"
done
