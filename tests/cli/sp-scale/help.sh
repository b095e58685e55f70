#!/bin/sh
# --help prints the usage on standard output, exit 0.
"$SP_SCALE" --help
