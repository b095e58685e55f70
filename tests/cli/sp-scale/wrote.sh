#!/bin/sh
# The file written, named on standard error with a way to open it: with
# -v, also on a pipe; nothing with -q; its suffix by the format when -o
# has none, "scale" + suffix in a directory.
. "$CASEDIR/series.inc"
mkdir dir
"$SP_SCALE" -v -o out/scale.txt calls.sps; echo "exit $?"
"$SP_SCALE" -v --format json -o out/doc calls.sps; echo "exit $?"
"$SP_SCALE" -v --svg -o dir calls.sps; echo "exit $?"
"$SP_SCALE" -q -o out/q.txt calls.sps; echo "exit $?"
ls out dir
