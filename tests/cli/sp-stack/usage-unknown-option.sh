#!/bin/sh
# An unknown option: one line naming it, a pointer to --help, exit 2.
"$SP_STACK" -x >calls.sps
