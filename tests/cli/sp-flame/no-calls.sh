#!/bin/sh
# A stream whose only run has no calls writes nothing and says so in a
# note, exit 0 (the reference's "No calls recorded" is an error, which
# stopped make -j over a directory at its first empty profile).
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["a", [], []]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" -o flame.svg
echo "exit $?"
ls -A
