#!/bin/sh
# spgen broken float-seconds-norank: the <= 2025-11-13 layout: /regions/<name> float seconds, no rank groups.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken float-seconds-norank in.h5
"$SP_READ" in.h5 >out.sps
