#!/bin/sh
# More than one input is a usage error (concatenate with cat).
"$SP_STACK" a.sps b.sps >calls.sps
