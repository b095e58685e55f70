#!/bin/sh
# Recursion 2000 deep makes 2000 call paths: a small --max-memory stops
# sp-flame, SVG and folded alike, with a one-line error and exit 1, and no
# output file under the final name.
/usr/bin/python3 -c 'import json
n = 2000
print(json.dumps({"ranks": {"0": [["f", list(range(n)), [2 * n - i for i in range(n)]]]}}))' |
    $SPGEN spec - in.h5 || exit
"$SP_READ" in.h5 | "$SP_STACK" >in.sps || exit
"$SP_FLAME" --max-memory 1M -o out.svg in.sps
echo "svg: exit $?"
"$SP_FLAME" --folded --max-memory 100k -o out.folded in.sps
echo "folded: exit $?"
ls -A | grep -v '^in\.'
"$SP_FLAME" --folded -o out.folded in.sps && wc -l <out_rank0.folded
