#!/bin/sh
# An empty input (a file, /dev/null, standard input): exit 1 and "empty",
# never an empty output, from every program.
. "$CASEDIR/inputs.inc"
: >empty
each_program empty
each_program /dev/null
each_program - empty
