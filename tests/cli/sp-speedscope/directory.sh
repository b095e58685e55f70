#!/bin/sh
# A directory given as the input is named as such.
mkdir d
"$SP_SPEEDSCOPE" -o doc.json d
