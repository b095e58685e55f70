#!/bin/sh
# --unit ns: integer nanoseconds from the earliest call, "nanoseconds".
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["outer", [1700000000123456789], [1700000000123457889]], ["inner", [1700000000123456800], [1700000000123457000]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_SPEEDSCOPE" --unit ns >doc.json || exit
sed "s/\"sp@$SP_VERSION\"/\"sp@VERSION\"/" doc.json; echo
