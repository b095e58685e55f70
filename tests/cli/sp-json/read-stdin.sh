#!/bin/sh
# A JSON profile, plain or gzip-compressed, may come on standard input
# ('-'); its run is named "stdin".  An empty input is refused.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" -o doc.json.gz || exit
"$SP_READ" - <doc.json.gz >out.sps && "$SP_DUMP" out.sps
gzip -dc doc.json.gz | "$SP_READ" - | "$SP_DUMP" | sed -n 2p
"$SP_READ" - </dev/null >out.sps
echo "exit $?"
