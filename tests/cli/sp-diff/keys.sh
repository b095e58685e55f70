#!/bin/sh
# The keys: --call-paths (a row per call path, "main > solve"), --by rank
# (a row per region and rank; init and ckpt only on rank 1), with filters
# (-i, -x, -r) applied to both sides alike.
. "$CASEDIR/profiles.inc"
"$SP_DIFF" --call-paths calls.sps; echo "exit $?"
"$SP_DIFF" --by rank calls.sps; echo "exit $?"
"$SP_DIFF" --by rank --metric p50 --format tsv calls.sps; echo "exit $?"
"$SP_DIFF" -x main -r 1 calls.sps; echo "exit $?"
"$SP_DIFF" -i 'a|s' --format ndjson calls.sps; echo "exit $?"
