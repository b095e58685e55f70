#!/bin/sh
# --version names the program and the package version.
"$SP" --version | sed "s/$SP_VERSION/VERSION/"
