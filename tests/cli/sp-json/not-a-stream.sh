#!/bin/sh
# A profile given to sp-json instead of a stream is named, with the whole
# fix: the pipeline that reads it, with no sp-stack (sp-json takes both
# stages); on standard input the file is not known.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_JSON" in.h5; echo "exit $?"
"$SP_JSON" <in.h5; echo "exit $?"
"$SP_JSON" missing.sps; echo "exit $?"
