#!/bin/sh
# Standard output on /dev/full (every write fails with ENOSPC): each
# program exits 1 with one line naming itself, <stdout> and the error,
# whether the write fails at the end (small) or mid-run (big); --help and
# --version too, which write with stdio.
. "$CASEDIR/full.inc"
full() {
	"$@" >/dev/full
}
full_inputs
for s in small big; do
	try "$s sp-read" full "$SP_READ" $s.h5
	try "$s sp-stack" full "$SP_STACK" $s.sps
	try "$s sp-pstats -o -" full "$SP_PSTATS" -o - $s-calls.sps
	try "$s sp-pstats --print" full "$SP_PSTATS" --print $s-calls.sps
	try "$s sp-speedscope" full "$SP_SPEEDSCOPE" $s-calls.sps
	try "$s sp-stats" full "$SP_STATS" $s-calls.sps
	try "$s sp-diff" full "$SP_DIFF" --call-paths $s-two.sps
	try "$s sp-scale" full "$SP_SCALE" --format ndjson $s-series.sps
	try "$s sp-report" full "$SP_REPORT" $s-calls.sps
	try "$s sp-flame" full "$SP_FLAME" --max-frames 0 --threshold 0 \
	    $s-calls.sps
	try "$s sp-flame --folded" full "$SP_FLAME" --folded $s-calls.sps
	try "$s sp-json" full "$SP_JSON" $s.sps
	try "$s sp-json --lines" full "$SP_JSON" --lines $s-calls.sps
	try "$s sp-trace" full "$SP_TRACE" $s-calls.sps
	try "$s sp-trace -f json" full "$SP_TRACE" -f json $s-calls.sps
done
for p in sp-read sp-stack sp-pstats sp-speedscope sp-flame sp-json sp-trace \
    sp-diff sp-scale sp-report; do
	v=SP_$(echo $p | sed 's/^sp-//' | tr 'a-z' 'A-Z')
	eval "exe=\$$v"
	try "$p --help" full "$exe" --help
	try "$p --version" full "$exe" --version
done
