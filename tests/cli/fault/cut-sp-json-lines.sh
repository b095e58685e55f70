#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny call stream makes sp-json --lines,
# which writes its lines as the calls arrive, exit 1 with one error line
# and leave no file (fault/cuts.inc).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "a call stream, --lines" calls.sps "$SP_JSON" --lines -o out/d.ndjson
