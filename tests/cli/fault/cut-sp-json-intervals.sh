#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny interval stream (sp-read | sp-json
# is how JSON profiles are written) makes sp-json exit 1 with one error
# line and leave no document (fault/cuts.inc).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "an interval stream" in.sps "$SP_JSON" -o out/d.json
