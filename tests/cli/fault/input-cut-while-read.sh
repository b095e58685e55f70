#!/bin/sh
# A call stream on file, cut short by another process while sp-stack
# reads it through its mapped window (sp_inwin): the pages it had not
# read yet are gone, and that is an input error naming the file (exit 1),
# not a crash (SIGBUS).  sp-stack has mapped the file once its first
# byte comes out; it then stops at the full pipe with most of the window
# still to read.
$SPGEN synth --schema 3 --shape template --ranks 1 --seed 1 \
    --calls 400000 in.h5 >/dev/null || exit
"$SP_READ" in.h5 >in.sps || exit
mkfifo pipe || exit
"$SP_STACK" in.sps >pipe 2>err &
pid=$!
exec 3<pipe
dd bs=1 count=1 <&3 >/dev/null 2>&1
: >in.sps
cat <&3 >/dev/null
wait $pid
echo "sp-stack: exit $?"
cat err
