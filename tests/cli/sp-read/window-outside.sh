#!/bin/sh
# A window outside the run leaves it without calls: the run item, its
# regions and ranks (rows of no calls), exit 0; the exporters then say so
# in their note and exit 0 (sp-json writes the empty document).
$SPGEN spec - in.h5 <<'JSON' || exit
{"metadata": {"start_time_ns": 0, "mpi_size": 1},
 "ranks": {"0": [["a", [0], [100]]]}}
JSON
mkdir out && "$SP_READ" --window 1s: in.h5 >w.sps; echo "exit $?"
"$SP_DUMP" w.sps
"$SP_STACK" w.sps | "$SP_PSTATS" -o out/p.prof; echo "sp-pstats exit $?"
"$SP_STACK" w.sps | "$SP_SPEEDSCOPE" -o out/s.json; echo "sp-speedscope exit $?"
"$SP_STACK" w.sps | "$SP_FLAME" -o out/f.svg; echo "sp-flame exit $?"
ls out
"$SP_READ" --window :@0 in.h5 | "$SP_STACK" | "$SP_JSON" --lines
echo "lines exit $?"
