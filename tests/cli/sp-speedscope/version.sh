#!/bin/sh
"$SP_SPEEDSCOPE" --version | sed "s/ $SP_VERSION\$/ VERSION/"
