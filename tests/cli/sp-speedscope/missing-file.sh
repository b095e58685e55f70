#!/bin/sh
"$SP_SPEEDSCOPE" -o doc.json nothing.sps
echo "exit $?"
ls -A
