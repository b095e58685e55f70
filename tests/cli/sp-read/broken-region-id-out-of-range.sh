#!/bin/sh
# spgen broken region-id-out-of-range: region_ids [0, 2] with 2 names.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken region-id-out-of-range in.h5
"$SP_READ" in.h5 >out.sps
