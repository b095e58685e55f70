#!/bin/sh
"$SP_FLAME" --version | sed "s/ $SP_VERSION\$/ VERSION/"
