#!/bin/sh
# Every input is opened and sniffed before anything is written: a missing
# later file fails the run with nothing on the output.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
"$SP_READ" in.h5 nothere.h5 >in.sps
echo "sp-read exit $?"
wc -c <in.sps
