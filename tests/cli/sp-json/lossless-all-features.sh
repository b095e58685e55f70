#!/bin/sh
# Lossless for spgen's all-features example: a region without rows
# (sp_region_names), source locations, tags, event metadata ("[]" kept by
# event_metadata_json), lane tables and every side payload.
$SPGEN spec "$SRCDIR/tests/gen/examples/all-features.json" in.h5 || exit
. "$CASEDIR/lossless.inc"
lossless
