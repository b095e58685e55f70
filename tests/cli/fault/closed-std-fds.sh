#!/bin/sh
# A standard descriptor closed by the caller (>&-, <&-, 2>&-) fails as a
# closed descriptor, and no file the program opens takes its place: with
# standard output closed every program exits 1 with "<stdout>: write
# error: Bad file descriptor", also sp-json when its calls spill to a
# temporary file (-S 1k: the file would get fd 1, and the document would
# go into it, with exit 0); with standard input closed each reader of it
# says "<stdin>: read error".  Standard error: fault/closed-stderr.
$SPGEN synth --calls 4000 in.h5 || exit
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
try() {
	_label=$1
	shift
	"$@"
	echo "$_label: exit $?"
}
no_out() {
	"$@" >&-
}
no_in() {
	"$@" <&-
}
try "sp-read >&-" no_out "$SP_READ" in.h5
try "sp-stack >&-" no_out "$SP_STACK" in.sps
try "sp-pstats -o - >&-" no_out "$SP_PSTATS" -o - calls.sps
try "sp-pstats --print >&-" no_out "$SP_PSTATS" --print calls.sps
try "sp-speedscope >&-" no_out "$SP_SPEEDSCOPE" calls.sps
try "sp-stats >&-" no_out "$SP_STATS" calls.sps
$SPGEN synth --calls 4000 --ranks 3 in2.h5 || exit
"$SP_READ" in.h5 in2.h5 | "$SP_STACK" >two.sps || exit
try "sp-scale >&-" no_out "$SP_SCALE" two.sps
try "sp-diff >&-" no_out "$SP_DIFF" two.sps
try "sp-report >&-" no_out "$SP_REPORT" calls.sps
try "sp-flame >&-" no_out "$SP_FLAME" calls.sps
try "sp-json >&-" no_out "$SP_JSON" calls.sps
try "sp-json --lines >&-" no_out "$SP_JSON" --lines calls.sps
try "sp-trace >&-" no_out "$SP_TRACE" calls.sps
try "sp-trace -f json >&-" no_out "$SP_TRACE" -f json calls.sps
try "sp-read --version >&-" no_out "$SP_READ" --version
# the input on a pipe, so that fd 1 is the lowest free one
cat calls.sps | try "sp-json -S 1k >&-" no_out "$SP_JSON" -S 1k
try "sp-read - <&-" no_in "$SP_READ" -
try "sp-stack <&-" no_in "$SP_STACK"
try "sp-pstats -o p.prof <&-" no_in "$SP_PSTATS" -o p.prof
try "sp-speedscope <&-" no_in "$SP_SPEEDSCOPE"
try "sp-stats <&-" no_in "$SP_STATS"
try "sp-scale <&-" no_in "$SP_SCALE"
try "sp-diff <&-" no_in "$SP_DIFF"
try "sp-report <&-" no_in "$SP_REPORT"
try "sp-flame <&-" no_in "$SP_FLAME"
try "sp-json <&-" no_in "$SP_JSON"
try "sp-trace -o t.pftrace <&-" no_in "$SP_TRACE" -o t.pftrace
ls -A
