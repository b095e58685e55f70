#!/bin/sh
# Schema 1 region 'io/write' became nested groups rank0/regions/io/write:
# read back with its '/' (h5-format 3.3, recommended).
$SPGEN broken nested-name in.h5
"$SP_READ" in.h5 >in.sps && "$SP_DUMP" in.sps
