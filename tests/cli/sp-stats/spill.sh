#!/bin/sh
# -S 1k: every duration goes to the temporary file (in -T DIR), and the
# reports are the same, byte for byte, as in memory; nothing is left in
# DIR.
$SPGEN synth --calls 3000 --ranks 2 --threads 2 --shape random \
    --regions 6 --seed 3 in.h5 || exit
"$SP_READ" -q in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
mkdir tmp
for a in "" "--format json" "--by rank --format json" "--call-paths --format json"; do
	"$SP_STATS" $a calls.sps >mem.out || exit
	"$SP_STATS" -S 1k -T tmp $a calls.sps >file.out || exit
	cmp mem.out file.out && echo "-S 1k $a: identical"
done
ls -A tmp
