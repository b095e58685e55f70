#!/bin/sh
# An input that opens but whose read fails: /proc/self/mem gives EIO at
# offset 0.  Exit 1 and "read error" from every program, not "empty".
if cat /proc/self/mem >/dev/null 2>&1; then
	echo "SKIP: reading /proc/self/mem does not fail here"
	exit 77
fi
. "$CASEDIR/inputs.inc"
each_program /proc/self/mem
