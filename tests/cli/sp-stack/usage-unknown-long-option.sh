#!/bin/sh
# An unknown long option: one line naming it, a pointer to --help, exit 2.
"$SP_STACK" --bogus >calls.sps
