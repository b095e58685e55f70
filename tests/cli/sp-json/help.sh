#!/bin/sh
# --help prints the usage on standard output and exits 0.
"$SP_JSON" --help
