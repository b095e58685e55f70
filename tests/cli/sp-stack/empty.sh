#!/bin/sh
# Empty standard input: one line, exit 1.
"$SP_STACK" </dev/null >calls.sps
