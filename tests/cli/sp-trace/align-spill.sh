#!/bin/sh
# With --align a rank waits in a spool: 1 byte of memory sends all of it
# to a temporary file in -T's directory, which gives the same trace,
# byte for byte, and leaves nothing there.
$SPGEN synth in.h5 --calls 3000 --ranks 3 --threads 2 --call-ids --extras --seed 4
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
mkdir tmp
for f in pftrace json; do
	"$SP_TRACE" --align start -o mem.$f calls.sps || exit
	"$SP_TRACE" --align start -S 1 -T tmp -v -o file.$f calls.sps 2>err || exit
	cmp mem.$f file.$f && echo "$f: the same from memory and from the file"
	sed 's/[0-9][0-9]* bytes spilled/N bytes spilled/; s/[0-9][0-9]* bytes (/N bytes (/; s/(N bytes ([0-9]* bytes written)/(N bytes written)/' err
done
ls -A tmp
