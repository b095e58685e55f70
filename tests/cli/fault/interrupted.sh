#!/bin/sh
# A program ended mid-run by SIGINT (^C), SIGTERM or SIGHUP removes its
# hidden temporary files and dies of the signal: nothing at all is left
# in out/ (sp-diff's, sp-scale's and sp-report's spills too, -T out), and
# the status is 128 + the signal's number, without a word.
# How each program is stopped mid-run: fault/signal.inc.  SIGTERM and
# SIGHUP: fault/interrupted-term-hup.
. "$CASEDIR/signal.inc"
signal_sample
interrupted INT
