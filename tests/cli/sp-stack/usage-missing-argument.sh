#!/bin/sh
# -o without its argument: one line naming it, exit 2.
"$SP_STACK" -o
