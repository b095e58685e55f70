#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny call stream makes sp-json exit 1
# with one error line and leave no document (fault/cuts.inc; an interval
# stream: fault/cut-sp-json-intervals; --lines: fault/cut-sp-json-lines).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "a call stream" calls.sps "$SP_JSON" -o out/d.json
