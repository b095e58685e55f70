#!/bin/sh
# Recursion 2000 deep: each level is a call path whose name spells out the
# whole chain ("f > f > ... > f"), so the path table grows with the square
# of the depth.  --max-memory stops it with a one-line error and exit 1,
# leaving no .prof; the default bound (4G) lets it through.
/usr/bin/python3 -c 'import json
n = 2000
print(json.dumps({"ranks": {"0": [["f", list(range(n)), [2 * n - i for i in range(n)]]]}}))' |
    $SPGEN spec - in.h5 || exit
"$SP_READ" in.h5 | "$SP_STACK" >in.sps || exit
"$SP_PSTATS" --max-memory 1M -o out.prof in.sps
echo "exit $?"
ls -A | grep prof
"$SP_PSTATS" -o out.prof in.sps && echo "default bound: $(ls -A | grep prof)"
"$SP_PSTATS" --max-memory 0 -o none.prof in.sps && echo "no bound: $(ls -A | grep none)"
"$SP_PSTATS" --max-memory lots -o x.prof in.sps
