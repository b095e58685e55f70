#!/bin/sh
# A stream cut at any byte is an error, never a crash and never a shorter
# output: every proper prefix of a tiny interval stream makes sp-stack exit
# 1 with one error line and leave no file (fault/cuts.inc).
. "$CASEDIR/cuts.inc"
cuts_sample
cuts "an interval stream" in.sps "$SP_STACK" -o out/calls.sps
