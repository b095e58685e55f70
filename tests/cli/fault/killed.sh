#!/bin/sh
# A program killed (SIGKILL) mid-run leaves nothing under its output's
# final name: at most its hidden temporary file, .NAME.XXXXXX beside it
# (sp-flame: one per finished rank), which only a run to the end renames.
# Each program reads a FIFO that this script keeps open after writing all
# but the last 64 bytes of its input (the stream's end; for sp-read, a
# JSON profile on standard input, the end of the document): it cannot
# finish, and it is killed once it waits in a read of the empty pipe
# (/proc/PID/wchan), that is, after it has taken all it was given.
$SPGEN synth --ranks 2 --calls 50000 --regions 500 --depth 6 \
    --shape random in.h5 || exit
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps &&
    "$SP_JSON" -o in.json in.sps || exit

# blocked PID: PID sleeps in a pipe read
blocked() {
	_w=
	read -r _w <"/proc/$1/wchan" 2>/dev/null
	case $_w in
	*pipe*)	return 0 ;;
	esac
	return 1
}
# The kernel must say where a process sleeps: skip where it does not.
mkfifo probe || exit
cat <probe >/dev/null &
exec 4>probe
sleep 0.2
if ! blocked $!; then
	sleep 2
	if ! blocked $!; then
		echo "SKIP: /proc/PID/wchan does not show a pipe read"
		exit 77
	fi
fi
exec 4>&-
wait

# killed LABEL INPUT CMD...: CMD reads INPUT from a FIFO, writes under out/
killed() {
	_label=$1 _in=$2
	shift 2
	rm -rf out fifo && mkdir out && mkfifo fifo || exit
	"$@" <fifo >/dev/null 2>err &
	_pid=$!
	exec 3>fifo
	head -c $(($(wc -c <"$_in") - 64)) "$_in" >&3
	_i=0
	until blocked $_pid; do
		case $(cut -d' ' -f3 "/proc/$_pid/stat" 2>/dev/null) in
		Z | '')
			echo "$_label: ended before it was killed"
			break
			;;
		esac
		_i=$((_i + 1))
		if [ $_i -gt 1200 ]; then
			echo "$_label: still busy after 120 s"
			break
		fi
		sleep 0.1
	done
	kill -9 $_pid
	wait $_pid 2>/dev/null
	_rc=$?
	exec 3>&-
	_left=$(echo $(ls -A out | sed 's/\.[A-Za-z0-9]\{6\}$/.XXXXXX/'))
	echo "$_label: exit $_rc, $(wc -c <err) bytes on stderr;" \
	    "left in out/: ${_left:-nothing}"
}
killed "sp-read" in.json "$SP_READ" -o out/out.sps -
killed "sp-stack" in.sps "$SP_STACK" -o out/out.sps
killed "sp-pstats" calls.sps "$SP_PSTATS" -o out/out.prof
killed "sp-speedscope" calls.sps "$SP_SPEEDSCOPE" -o out/out.json
killed "sp-flame" calls.sps "$SP_FLAME" -o out/out.svg
killed "sp-flame --folded" calls.sps "$SP_FLAME" --folded -o out/out
killed "sp-json" calls.sps "$SP_JSON" -o out/out.json
killed "sp-json --lines" calls.sps "$SP_JSON" --lines -o out/out.ndjson
