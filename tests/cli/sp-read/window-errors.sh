#!/bin/sh
# A bad window is a usage error, one line and exit 2, before anything is
# read: no colon, a time without a unit or with an unknown one, absolute
# times that are not integers, START not before END (both relative or
# both absolute), --window-inside without --window.  A window whose sides
# mix a relative and an absolute time is checked against the run's start:
# an END not after START then fails as the run is read (exit 2, nothing
# written).
$SPGEN spec - in.h5 <<'JSON' || exit
{"metadata": {"start_time_ns": 1000, "mpi_size": 1},
 "ranks": {"0": [["a", [1000], [2000]]]}}
JSON
for w in 1s 1:2ms 1x:2s @abc: @1.5: 2s:1s 1ms:1ms @10:@10 1s:2s:3s \
    "@1500:400ns" "@1500:500ns" "--window-inside" "1ns:2ns --window-inside"; do
	case $w in
	--*) args=$w ;;
	*) args="--window $w" ;;
	esac
	echo "== $args"
	"$SP_READ" $args in.h5 2>&1 >out.sps
	echo "exit $? bytes $(wc -c <out.sps)"
done
