#!/bin/sh
# The clean-up of fault/full-filesystem without a file system to fill, so
# that it runs everywhere: a file size limit (ulimit -f, with SIGXFSZ
# ignored) makes writes past it fail with EFBIG.  Each program exits 1
# with one line naming itself, the file and the error, and leaves nothing
# under out/, neither the output's name nor its temporary file: with a
# limit of 256 KiB (dash counts 512-byte blocks) the big outputs fail
# mid-run; with a limit of 0 no byte can be written, and the small ones
# fail at the end.
. "$CASEDIR/full.inc"
full_inputs
mkdir out || exit
limited() {
	_blocks=$1
	shift
	(trap '' XFSZ; ulimit -f "$_blocks" && exec "$@")
}
# The limit holds for every file the program writes, its standard error
# too when that is a file (as here): a pipe carries the messages out.
run() {
	_label=$1
	shift
	{ "$@" 2>&1 >/dev/null; echo $? >status; } | cat >&2
	_rc=$(cat status)
	_left=$(echo $(ls -A out))
	echo "$_label: exit $_rc; left in out/: ${_left:-nothing}"
}
for s in big small; do
	if [ $s = big ]; then blocks=512; else blocks=0; fi
	run "$s sp-read" limited $blocks "$SP_READ" -o out/out.sps $s.h5
	run "$s sp-stack" limited $blocks "$SP_STACK" -o out/out.sps $s.sps
	run "$s sp-pstats" limited $blocks "$SP_PSTATS" -o out/out.prof \
	    $s-calls.sps
	run "$s sp-speedscope" limited $blocks "$SP_SPEEDSCOPE" \
	    -o out/out.json $s-calls.sps
	run "$s sp-stats" limited $blocks "$SP_STATS" -o out/out.txt \
	    $s-calls.sps
	run "$s sp-scale" limited $blocks "$SP_SCALE" --format ndjson \
	    -o out/out.ndjson $s-series.sps
	run "$s sp-report" limited $blocks "$SP_REPORT" -o out/out.html \
	    $s-calls.sps
	run "$s sp-diff" limited $blocks "$SP_DIFF" --call-paths \
	    -o out/out.txt $s-two.sps
	run "$s sp-flame" limited $blocks "$SP_FLAME" --max-frames 0 \
	    --threshold 0 -o out/out.svg $s-calls.sps
	run "$s sp-flame --folded" limited $blocks "$SP_FLAME" --folded \
	    -o out/out $s-calls.sps
	run "$s sp-json" limited $blocks "$SP_JSON" -o out/out.json $s.sps
	run "$s sp-json .gz" limited $blocks "$SP_JSON" -o out/out.json.gz \
	    $s.sps
	run "$s sp-json --lines" limited $blocks "$SP_JSON" --lines \
	    -o out/out.ndjson $s-calls.sps
	run "$s sp-trace" limited $blocks "$SP_TRACE" -o out/out.pftrace \
	    $s-calls.sps
	run "$s sp-trace .json.gz" limited $blocks "$SP_TRACE" \
	    -o out/out.json.gz $s-calls.sps
done
