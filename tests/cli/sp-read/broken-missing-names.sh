#!/bin/sh
# spgen broken missing-names: no /region_table/names dataset.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken missing-names in.h5
"$SP_READ" in.h5 >out.sps
