#!/bin/sh
"$SP_SPEEDSCOPE" --frobnicate x.sps
echo "exit $?"
"$SP_SPEEDSCOPE" -Z x.sps
echo "exit $?"
"$SP_SPEEDSCOPE" -o
echo "exit $?"
"$SP_SPEEDSCOPE" --name
