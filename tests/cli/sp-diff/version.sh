#!/bin/sh
# --version names the program and the package version.
"$SP_DIFF" --version | sed "s/$SP_VERSION/VERSION/"
