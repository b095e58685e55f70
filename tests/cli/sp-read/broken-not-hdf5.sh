#!/bin/sh
# spgen broken not-hdf5: a short text file.
# One line naming the file on stderr, exit 1, nothing on stdout.
$SPGEN broken not-hdf5 in.h5
"$SP_READ" in.h5 >out.sps
