#!/bin/sh
# A run without calls gets no trace and a note, exit 0, alone too (as the
# other exporters: make -j over a directory passes an empty profile).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]]]}}
EOF2
"$SP_READ" -i nothing in.h5 | "$SP_STACK" >none.sps || exit
"$SP_TRACE" -o t.pftrace none.sps
echo "exit $?"
"$SP_READ" -i nothing in.h5 in.h5 | "$SP_STACK" | "$SP_TRACE" -o out/t.pftrace
echo "exit $?"
ls -A
