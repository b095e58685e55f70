#!/bin/sh
# A .prof file where a stream belongs is a usage error naming the fix
# (--print), exit 2; options that only shape a stream's statistics are a
# usage error with a .prof.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
"$SP_PSTATS" -o q.prof p_rank0.prof
echo "exit $?"
"$SP_PSTATS" --print --no-call-paths p_rank0.prof
echo "exit $?"
"$SP_PSTATS" --print --root x <p_rank0.prof
echo "exit $?"
ls -A
