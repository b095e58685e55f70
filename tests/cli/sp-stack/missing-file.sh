#!/bin/sh
# An input that does not exist: one line, exit 1.
"$SP_STACK" nothere.sps >calls.sps
