#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny call stream makes sp-trace exit 1
# with one error line and leave no trace, as it comes (protobuf) and held
# back a rank at a time (--align start, JSON) (fault/cuts.inc).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "a call stream" calls.sps "$SP_TRACE" -o out/t.pftrace
cuts "a call stream" calls.sps "$SP_TRACE" --align start -o out/t.json
