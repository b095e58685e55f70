#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# page: every proper prefix of a tiny call stream of two runs (one rank,
# then two) makes sp-report exit 1 with one error line and leave no page
# (fault/cuts.inc), also a cut after the first run ended, when its section
# could be drawn.
. "$CASEDIR/cuts.inc"
cuts_sample
$SPGEN spec - two.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [60]], ["inner", [10], [30]]],
           "1": [["outer", [0], [50]], ["inner", [10], [20]]]}}
EOF
"$SP_READ" in.h5 two.h5 | "$SP_STACK" >series.sps || exit
cuts "a call stream of two runs" series.sps "$SP_REPORT" -o out/r.html
