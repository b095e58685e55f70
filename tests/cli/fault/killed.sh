#!/bin/sh
# A program killed (SIGKILL) mid-run leaves nothing under its output's
# final name: at most its hidden temporary file, .NAME.XXXXXX beside it
# (sp-pstats and sp-flame: one per finished rank), which only a run to the
# end renames.
# How each program is stopped mid-run: fault/signal.inc.
. "$CASEDIR/signal.inc"
signal_sample
signalled KILL "sp-read" in.json "$SP_READ" -o out/out.sps -
signalled KILL "sp-stack" in.sps "$SP_STACK" -o out/out.sps
signalled KILL "sp-pstats" calls.sps "$SP_PSTATS" -o out/out.prof
signalled KILL "sp-speedscope" calls.sps "$SP_SPEEDSCOPE" -o out/out.json
signalled KILL "sp-stats" calls.sps "$SP_STATS" -o out/out.txt
signalled KILL "sp-scale" calls.sps "$SP_SCALE" -o out/out.txt
signalled KILL "sp-report" calls.sps "$SP_REPORT" -o out/out.html
signalled KILL "sp-diff" two.sps "$SP_DIFF" -o out/out.txt
signalled KILL "sp-flame" calls.sps "$SP_FLAME" -o out/out.svg
signalled KILL "sp-flame --folded" calls.sps "$SP_FLAME" --folded -o out/out
signalled KILL "sp-json" calls.sps "$SP_JSON" -o out/out.json
signalled KILL "sp-json --lines" calls.sps "$SP_JSON" --lines -o out/out.ndjson
signalled KILL "sp-trace" calls.sps "$SP_TRACE" -o out/out.pftrace
signalled KILL "sp-trace --align start" calls.sps "$SP_TRACE" --align start \
    -o out/out.pftrace
