#!/bin/sh
"$SP_SPEEDSCOPE" --frobnicate x.sps
echo "exit $?"
"$SP_SPEEDSCOPE" -q x.sps
echo "exit $?"
"$SP_SPEEDSCOPE" -o
echo "exit $?"
"$SP_SPEEDSCOPE" --name
