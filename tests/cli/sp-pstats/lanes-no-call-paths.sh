#!/bin/sh
# doc/exports.md, "Recursion in cProfile's accounting", a quirk kept: the
# recursion test ignores lanes, so work on thread 1 (10,50) inside work's span
# on thread 0 (0,100) counts as recursive: cc 1, nc 2, tt 1.4e-07 > ct 1e-07
# (as the reference computes it).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["work", [0, 10], [100, 50], {"thread_ids": [0, 1]}]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" --no-call-paths -o p.prof || exit
cat >want.json <<'EOF'
[[["~", 0, "work"], 1, 2, 1.3999999999999998e-07, 1e-07,
  [[["~", 0, "<in rank 0>"], 1, 2, 1.3999999999999998e-07, 1e-07]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1.3999999999999998e-07, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --bytes p_rank0.prof want.json &&
    echo "p_rank0.prof: as expected"
