#!/bin/sh
# An unknown option: one line naming it, a pointer to --help, exit 2.
"$SP_READ" --bogus in.h5 >out.sps
