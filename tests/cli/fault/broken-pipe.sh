#!/bin/sh
# A reader that goes away (| head -c 100) ends every program quietly: no
# word on stderr, and the status of the default SIGPIPE action (cli_init
# restores it, even when the caller ignores SIGPIPE): 141 = 128 + 13 in
# sh.  The outputs are all larger than the 1 MiB pipe that the programs
# ask for (fault/full.inc: big), so the reader goes away mid-run.
. "$CASEDIR/full.inc"
full_inputs
rm -f small*
# piped LABEL CMD...: CMD | head -c 100, with CMD's status and stderr
piped() {
	_label=$1
	shift
	{ "$@" 2>err; echo $? >status; } | head -c 100 >/dev/null
	echo "$_label: exit $(cat status), stderr: $(wc -c <err) bytes"
	cat err
}
each() {
	piped "sp-read$1" "$SP_READ" big.h5
	piped "sp-read --order file$1" "$SP_READ" --order file big.h5
	piped "sp-stack$1" "$SP_STACK" big.sps
	piped "sp-pstats -o -$1" "$SP_PSTATS" -o - big-calls.sps
	piped "sp-pstats --print$1" "$SP_PSTATS" --print big-calls.sps
	piped "sp-speedscope$1" "$SP_SPEEDSCOPE" big-calls.sps
	piped "sp-stats$1" "$SP_STATS" big-calls.sps
	piped "sp-diff$1" "$SP_DIFF" --call-paths big-two.sps
	piped "sp-scale$1" "$SP_SCALE" --format ndjson big-series.sps
	piped "sp-report$1" "$SP_REPORT" big-calls.sps
	piped "sp-flame$1" "$SP_FLAME" --max-frames 0 --threshold 0 \
	    big-calls.sps
	piped "sp-flame --folded$1" "$SP_FLAME" --folded big-calls.sps
	piped "sp-json$1" "$SP_JSON" big.sps
	piped "sp-json --lines$1" "$SP_JSON" --lines big-calls.sps
	piped "sp-trace$1" "$SP_TRACE" big-calls.sps
	piped "sp-trace -f json$1" "$SP_TRACE" -f json big-calls.sps
}
each ""
trap '' PIPE
each " (SIGPIPE ignored)"
