#!/bin/sh
# --version prints 'sp-stack (sp) VERSION' and exits 0.
"$SP_STACK" -V | sed "s/ $SP_VERSION\$/ VERSION/"
