#!/bin/sh
# Concatenated call streams are a stream: each run its own trace, named
# after its unique label ("in", "in (2)"), the same as each alone.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" >a.sps || exit
cat a.sps a.sps | "$SP_TRACE" -o out/t.pftrace || exit
ls out
"$SP_TRACE" -o one.pftrace a.sps || exit
cmp one.pftrace out/t_in.pftrace && echo "the first run's trace is that of the stream alone"
$PYTHON "$SRCDIR/tests/trace/pftrace.py" out/t_in_2.pftrace
