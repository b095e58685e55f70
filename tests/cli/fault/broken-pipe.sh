#!/bin/sh
# A reader that goes away (| head -c 100) ends every program quietly: no
# word on stderr, and the status of the default SIGPIPE action: 141 =
# 128 + 13 in sh.  The outputs are all larger than the 1 MiB pipe that
# the programs ask for (fault/full.inc: big), so the reader goes away
# mid-run.  The same when the caller ignores SIGPIPE:
# fault/broken-pipe-ignored.
. "$CASEDIR/pipe.inc"
each ""
