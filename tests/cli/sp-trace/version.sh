#!/bin/sh
"$SP_TRACE" --version | sed "s/ $SP_VERSION\$/ VERSION/"
