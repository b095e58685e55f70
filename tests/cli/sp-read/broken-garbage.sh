#!/bin/sh
# spgen broken garbage: 4096 random bytes (no HDF5 signature).
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken garbage in.h5
"$SP_READ" in.h5 >out.sps
