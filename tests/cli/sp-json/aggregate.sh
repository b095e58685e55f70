#!/bin/sh
# doc/exports.md, "Rows", and doc/formats.md, "Aggregate layout": an
# aggregate-layout row has "aggregate" (count, total, minimum, maximum,
# exclusive) and ends there; the run is not a summary-only read, so the top
# says event_data_available true and no row repeats the key, as the reference
# writes it.
$SPGEN spec "$SRCDIR/tests/gen/examples/aggregate.json" in.h5 || exit
"$SP_READ" in.h5 | "$SP_JSON" | sed "s/sp@$SP_VERSION/sp@VERSION/"
