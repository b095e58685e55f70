#!/bin/sh
# A directory as the input, named or as standard input: exit 1 and "is a
# directory" from every program (sp-read, which reads a JSON profile on
# standard input, says its read failed).
. "$CASEDIR/inputs.inc"
mkdir dir || exit
each_program dir
each_program - dir
