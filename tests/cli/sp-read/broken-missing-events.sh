#!/bin/sh
# spgen broken missing-events: no /events group.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken missing-events in.h5
"$SP_READ" in.h5 >out.sps
