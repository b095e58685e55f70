#!/bin/sh
# A regular output file on a full file system (ENOSPC): each program exits
# 1 with one line naming itself, the file and the error, and leaves nothing
# in the directory, neither the output's name nor its temporary file:
# first on an empty 256 KiB file system (the big outputs fail mid-run),
# then on one filled up (the small outputs fail at the end, when the
# buffer is written before the rename).  Also sp-json's temporary files
# (-T), sp-diff's (--metric p95 -T), sp-scale's and sp-report's (-S 64k
# -T) on the full file system.  The file system is a tmpfs mounted in a
# private mount namespace (unshare -m as root, else unshare -rm in a user
# namespace): nothing outside this case sees it, and it goes away with it.
# Where neither is allowed the case is skipped: fault/file-size-limit
# checks the same clean-up with EFBIG instead, everywhere.
if [ -z "${SP_FAULT_NS:-}" ]; then
	mkdir full || exit
	for opt in -m -rm; do
		if unshare $opt sh -c 'mount -t tmpfs -o size=256k tmpfs full' \
		    2>/dev/null; then
			SP_FAULT_NS=1 exec unshare $opt sh "$0"
		fi
	done
	echo "SKIP: cannot mount a tmpfs in a private mount namespace"
	exit 77
fi
mount -t tmpfs -o size=256k tmpfs full || exit
. "$CASEDIR/full.inc"
full_inputs
check() {
	_left=$(echo $(ls -A full))
	echo "$1: exit $2; left in full/: ${_left:-nothing}"
}
run() {
	_label=$1
	shift
	"$@"
	check "$_label" $?
}
for s in big small; do
	if [ $s = small ]; then
		# fill it up: the output's temporary file is created, but no
		# byte of it can be written
		head -c 1M /dev/zero >full/filler 2>/dev/null
		echo "full/filler: $(wc -c <full/filler) bytes"
	fi
	run "$s sp-read" "$SP_READ" -o full/out.sps $s.h5
	run "$s sp-stack" "$SP_STACK" -o full/out.sps $s.sps
	run "$s sp-pstats" "$SP_PSTATS" -o full/out.prof $s-calls.sps
	run "$s sp-speedscope" "$SP_SPEEDSCOPE" -o full/out.json $s-calls.sps
	run "$s sp-stats" "$SP_STATS" -o full/out.txt $s-calls.sps
	run "$s sp-scale" "$SP_SCALE" --format ndjson -o full/out.ndjson \
	    $s-series.sps
	run "$s sp-report" "$SP_REPORT" -o full/out.html $s-calls.sps
	run "$s sp-diff" "$SP_DIFF" --call-paths -o full/out.txt $s-two.sps
	run "$s sp-flame" "$SP_FLAME" --max-frames 0 --threshold 0 \
	    -o full/out.svg $s-calls.sps
	run "$s sp-flame --folded" "$SP_FLAME" --folded -o full/out $s-calls.sps
	run "$s sp-json" "$SP_JSON" -o full/out.json $s.sps
	run "$s sp-json .gz" "$SP_JSON" -o full/out.json.gz $s.sps
	run "$s sp-json --lines" "$SP_JSON" --lines -o full/out.ndjson \
	    $s-calls.sps
	run "$s sp-trace" "$SP_TRACE" -o full/out.pftrace $s-calls.sps
	run "$s sp-trace .json.gz" "$SP_TRACE" -o full/out.json.gz \
	    $s-calls.sps
done
# sp-json's spill (-S 1k: every call spills) on the full file system
run "sp-json -T full" "$SP_JSON" -S 1k -T full -o out.json big.sps
if [ -e out.json ]; then
	echo "out.json is there"
fi
# sp-trace's spool of --align (-S 1: every call goes to the file) there
run "sp-trace -T full" "$SP_TRACE" --align start -S 1 -T full \
    -o out.pftrace big-calls.sps
if [ -e out.pftrace ]; then
	echo "out.pftrace is there"
fi
# sp-diff's store of durations (--metric p95 keeps every one; -S 64k
# spills them) on the full file system
run "sp-diff -T full" "$SP_DIFF" --metric p95 -S 64k -T full -o out.txt \
    big-two.sps
if [ -e out.txt ]; then
	echo "out.txt is there"
fi
# sp-scale's and sp-report's spilled durations (-S 64k) there
run "sp-scale -T full" "$SP_SCALE" -S 64k -T full -o out.txt big-series.sps
if [ -e out.txt ]; then
	echo "out.txt is there"
fi
run "sp-report -T full" "$SP_REPORT" -S 64k -T full -o out.html \
    big-calls.sps
if [ -e out.html ]; then
	echo "out.html is there"
fi
