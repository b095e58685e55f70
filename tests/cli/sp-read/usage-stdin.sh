#!/bin/sh
# An HDF5 profile needs random access: '-' (standard input) is a usage error.
"$SP_READ" - >out.sps
