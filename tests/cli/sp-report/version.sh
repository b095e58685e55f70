#!/bin/sh
# --version names the program and the package version.
"$SP_REPORT" --version | sed "s/$SP_VERSION/VERSION/"
