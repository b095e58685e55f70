#!/bin/sh
# exports.md 4.2: an aggregate-layout row has "aggregate" (count, total,
# minimum, maximum, exclusive) and "event_data_available": false, and
# ends there; the run says event_data_available false too.
$SPGEN spec "$SRCDIR/tests/gen/examples/aggregate.json" in.h5 || exit
"$SP_READ" in.h5 | "$SP_JSON" | sed "s/sp@$SP_VERSION/sp@VERSION/"
