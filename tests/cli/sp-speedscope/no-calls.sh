#!/bin/sh
# A stream whose only run has no calls writes nothing and says so in a
# note, exit 0 (the reference's "No calls recorded" is an error, which
# stopped make -j over a directory at its first empty profile).
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [], []]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" -o doc.json
echo "exit $?"
ls -A
