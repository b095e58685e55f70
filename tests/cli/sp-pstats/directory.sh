#!/bin/sh
# A directory given as the input: exit 1.
mkdir d
"$SP_PSTATS" -o p.prof d
echo "exit $?"
"$SP_PSTATS" --print d
echo "exit $?"
