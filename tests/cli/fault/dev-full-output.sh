#!/bin/sh
# -o /dev/full (every write fails with ENOSPC): each program exits 1 with
# one line naming itself, /dev/full and the error, whether the write fails
# at the end (small: the output fits in the buffer) or mid-run (big).
. "$CASEDIR/full.inc"
full_inputs
for s in small big; do
	try "$s sp-read" "$SP_READ" -o /dev/full $s.h5
	try "$s sp-stack" "$SP_STACK" -o /dev/full $s.sps
	try "$s sp-pstats" "$SP_PSTATS" -o /dev/full $s-calls.sps
	try "$s sp-speedscope" "$SP_SPEEDSCOPE" -o /dev/full $s-calls.sps
	try "$s sp-stats" "$SP_STATS" -o /dev/full $s-calls.sps
	try "$s sp-diff" "$SP_DIFF" --call-paths -o /dev/full $s-two.sps
	try "$s sp-scale" "$SP_SCALE" --format ndjson -o /dev/full \
	    $s-series.sps
	[ $s = small ] && try "$s sp-scale --svg" "$SP_SCALE" --svg \
	    -o /dev/full $s-series.sps
	try "$s sp-report" "$SP_REPORT" -o /dev/full $s-calls.sps
	try "$s sp-flame" "$SP_FLAME" --max-frames 0 --threshold 0 \
	    -o /dev/full $s-calls.sps
	try "$s sp-flame --folded" "$SP_FLAME" --folded -o /dev/full \
	    $s-calls.sps
	try "$s sp-json" "$SP_JSON" -o /dev/full $s.sps
	try "$s sp-json --lines" "$SP_JSON" --lines -o /dev/full $s-calls.sps
	try "$s sp-trace" "$SP_TRACE" -o /dev/full $s-calls.sps
	try "$s sp-trace -f json" "$SP_TRACE" -f json -o /dev/full \
	    $s-calls.sps
done
