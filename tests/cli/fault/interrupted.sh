#!/bin/sh
# A program ended mid-run by SIGINT (^C), SIGTERM or SIGHUP removes its
# hidden temporary files and dies of the signal: nothing at all is left
# in out/ (sp-diff's, sp-scale's and sp-report's spills too, -T out), and
# the status is
# 128 + the signal's number, without a word.
# How each program is stopped mid-run: fault/signal.inc.
. "$CASEDIR/signal.inc"
signal_sample
for sig in INT TERM HUP; do
	signalled $sig "sp-read" in.json "$SP_READ" -o out/out.sps -
	signalled $sig "sp-stack" in.sps "$SP_STACK" -o out/out.sps
	signalled $sig "sp-pstats" calls.sps "$SP_PSTATS" -o out/out.prof
	signalled $sig "sp-speedscope" calls.sps "$SP_SPEEDSCOPE" \
	    -o out/out.json
	signalled $sig "sp-stats" calls.sps "$SP_STATS" -o out/out.txt
	signalled $sig "sp-scale" calls.sps "$SP_SCALE" -o out/out.txt
	signalled $sig "sp-scale -T" two.sps "$SP_SCALE" -S 64k -T out \
	    -o out/out.txt
	signalled $sig "sp-report" calls.sps "$SP_REPORT" -o out/out.html
	signalled $sig "sp-report -T" calls.sps "$SP_REPORT" -S 64k -T out \
	    -o out/out.html
	signalled $sig "sp-diff" two.sps "$SP_DIFF" -o out/out.txt
	signalled $sig "sp-diff --metric p95" two.sps "$SP_DIFF" --metric p95 \
	    -S 64k -T out -o out/out.txt
	signalled $sig "sp-flame" calls.sps "$SP_FLAME" -o out/out.svg
	signalled $sig "sp-flame --folded" calls.sps "$SP_FLAME" --folded \
	    -o out/out
	signalled $sig "sp-json" calls.sps "$SP_JSON" -o out/out.json
	signalled $sig "sp-json --lines" calls.sps "$SP_JSON" --lines \
	    -o out/out.ndjson
	signalled $sig "sp-trace" calls.sps "$SP_TRACE" -o out/out.pftrace
	signalled $sig "sp-trace --align start" calls.sps "$SP_TRACE" \
	    --align start -o out/out.pftrace
done
