#!/bin/sh
# spgen broken lane-names: thread_table/name holds two names for the one
# thread of thread_table/ranks.  One line naming the file and the column
# on stderr, exit 1, nothing on stdout (and, under valgrind or ASan, the
# names read are not leaked).
$SPGEN broken lane-names in.h5
"$SP_READ" in.h5 >out.sps
