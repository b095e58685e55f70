#!/bin/sh
# No input file is a usage error: exit 2 with a pointer to --help.
"$SP_READ" >out.sps
