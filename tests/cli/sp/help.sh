#!/bin/sh
# --help prints the map of the programs on standard output, exit 0.
"$SP" --help
