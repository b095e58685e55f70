#!/bin/sh
# An empty part in --ranks (as int('') fails) is a usage error.
"$SP_READ" -r 1,,2 in.h5 >out.sps
