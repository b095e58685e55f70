#!/bin/sh
# A stream cut off inside its run is an error, exit 1, and no .prof
# appears: files are written only once the input has ended cleanly.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
n=$(wc -c <calls.sps)
head -c $((n - 40)) calls.sps >cut.sps
"$SP_PSTATS" -o p.prof cut.sps
echo "exit $?"
ls -A
