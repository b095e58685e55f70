#!/bin/sh
# --version prints 'sp-read (sp) VERSION' and exits 0.
"$SP_READ" --version | sed "s/ $SP_VERSION\$/ VERSION/"
