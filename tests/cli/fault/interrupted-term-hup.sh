#!/bin/sh
# fault/interrupted, with SIGTERM and SIGHUP: the same handler removes the
# temporary files, and the status is 128 + 15 and 128 + 1.  The programs
# run the same code as for SIGINT, so the sanitizer build leaves this
# case out (suite 'once').
. "$CASEDIR/signal.inc"
signal_sample
interrupted TERM
interrupted HUP
