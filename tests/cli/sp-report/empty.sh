#!/bin/sh
# A stream that holds nothing is an error (exit 1) and leaves no page; a
# run whose regions the filter all drops still gets its page, which says
# so, with no overview bullet and no table.
: >nothing.sps
"$SP_REPORT" -o none.html nothing.sps
echo "exit $?"
$SPGEN spec - a.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" a.h5 | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" -i nothing -o out.html calls.sps
echo "exit $?"
ls
grep -c '<section class="run"' out.html
grep -o '(no regions recorded)' out.html
grep -c '<li class="b-' out.html
grep -c '<table class="tree"' out.html
