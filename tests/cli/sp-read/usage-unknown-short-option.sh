#!/bin/sh
# An unknown short option: one line naming it, a pointer to --help, exit 2.
"$SP_READ" -z in.h5 >out.sps
