#!/bin/sh
# The file written, named on standard error with a way to open it: with
# -v, also on a pipe; nothing with -q; its suffix by the format when -o
# has none, "diff" + suffix in a directory; a failed check writes its
# file all the same.
. "$CASEDIR/profiles.inc"
mkdir dir
"$SP_DIFF" -v -o out/diff.txt calls.sps; echo "exit $?"
"$SP_DIFF" -v --format json -o out/doc calls.sps; echo "exit $?"
"$SP_DIFF" -v --format markdown -o dir calls.sps; echo "exit $?"
"$SP_DIFF" -q -o out/q.txt calls.sps; echo "exit $?"
"$SP_DIFF" -v --max-regression 1% -o out/gate.txt calls.sps; echo "exit $?"
ls out dir
