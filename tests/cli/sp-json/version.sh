#!/bin/sh
# --version prints the program name and version.
"$SP_JSON" --version | sed "s/$SP_VERSION/VERSION/"
