#!/bin/sh
# Lossless for the aggregate layout: rows with totals and no calls.
$SPGEN spec "$SRCDIR/tests/gen/examples/aggregate.json" in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
