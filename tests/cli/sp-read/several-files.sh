#!/bin/sh
# Several input files are several runs of one stream section, labelled by
# file stem and made unique: run, run (2), run (3).
mkdir a b
$SPGEN spec - a/run.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
cp a/run.h5 b/run.h5
"$SP_READ" a/run.h5 b/run.h5 a/run.h5 >in.sps && "$SP_DUMP" in.sps
