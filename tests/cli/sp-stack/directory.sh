#!/bin/sh
# A directory as input: one line, exit 1.
mkdir dir.sps
"$SP_STACK" dir.sps >calls.sps
