#!/bin/sh
# A file that does not exist: exit 1 and the system's reason, from every
# program.
. "$CASEDIR/inputs.inc"
each_program nothere
