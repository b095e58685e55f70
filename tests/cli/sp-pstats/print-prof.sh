#!/bin/sh
# sp-pstats --print FILE.prof reads a .prof that sp-pstats wrote and
# reports it as pstats.Stats(FILE) does, title line included: the file's
# modification time (time.ctime, local time) and its name.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100000000]], ["solve", [20000000], [90000000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o out/p.prof || exit
touch -d '2026-01-02 03:04:05' out/p_rank0.prof
"$SP_PSTATS" --print --sort tottime out/p_rank0.prof >ours.txt || exit
cat ours.txt
$PYTHON -c 'import pstats, sys; pstats.Stats(sys.argv[1]).sort_stats("tottime").print_stats()' \
    out/p_rank0.prof >pstats.txt && cmp -s ours.txt pstats.txt && echo "=== same as pstats"
