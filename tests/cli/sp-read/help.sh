#!/bin/sh
# --help prints the usage on stdout and exits 0.
"$SP_READ" --help
