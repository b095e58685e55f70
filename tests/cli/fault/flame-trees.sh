#!/bin/sh
# The graphs sp-flame draws from the call-path tree (--interactive, and
# --diff in its three forms) fail as the other outputs do: on /dev/full
# (ENOSPC) and past a file size limit (EFBIG, as fault/file-size-limit:
# 256 KiB for the big outputs, which fail mid-run, 0 for the small ones,
# which fail at the end) they exit 1 with one line naming sp-flame, the
# file and the error, and leave nothing under out/, neither a diff's
# name nor its temporary file; stopped by SIGTERM mid-run, they leave
# nothing at all (fault/signal.inc).  The diffs compare each profile
# with itself.
. "$CASEDIR/full.inc"
full_inputs
for s in small big; do
	"$SP_READ" $s.h5 $s.h5 >$s-2.sps && "$SP_STACK" $s-2.sps >$s-diff.sps ||
	    exit
done
mkdir out || exit
limited() {
	_blocks=$1
	shift
	(trap '' XFSZ; ulimit -f "$_blocks" && exec "$@")
}
run() {
	_label=$1
	shift
	{ "$@" 2>&1 >/dev/null; echo $? >status; } | cat >&2
	_rc=$(cat status)
	_left=$(echo $(ls -A out))
	echo "$_label: exit $_rc; left in out/: ${_left:-nothing}"
}
all="--max-frames 0 --threshold 0"
for s in small big; do
	if [ $s = big ]; then blocks=512; else blocks=0; fi
	# shellcheck disable=SC2086
	for mode in "--interactive --max-nodes 0 $s-calls.sps" \
	    "--diff $all $s-diff.sps" \
	    "--diff --interactive --max-nodes 0 $s-diff.sps" \
	    "--diff --folded $s-diff.sps"; do
		run "$s /dev/full sp-flame ${mode% *}" "$SP_FLAME" $mode \
		    -o /dev/full
		run "$s limited sp-flame ${mode% *}" limited $blocks \
		    "$SP_FLAME" $mode -o out/out
	done
done
. "$CASEDIR/signal.inc"
signal_sample
"$SP_READ" in.h5 in.h5 >in-2.sps && "$SP_STACK" in-2.sps >diff.sps || exit
signalled TERM "sp-flame --interactive" calls.sps "$SP_FLAME" \
    --interactive -o out/out
signalled TERM "sp-flame --diff" diff.sps "$SP_FLAME" --diff \
    -o out/out
