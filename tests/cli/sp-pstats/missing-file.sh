#!/bin/sh
# A missing input: the system's reason, exit 1.
"$SP_PSTATS" -o p.prof nonexistent.sps
echo "exit $?"
"$SP_PSTATS" --print nonexistent.prof
echo "exit $?"
