#!/bin/sh
# --version names the program and the package version.
"$SP_SCALE" --version | sed "s/$SP_VERSION/VERSION/"
