#!/bin/sh
# The generated profile of spec.inc: summary()'s record of r003.io.write, as
# scope-profiler writes it (json.dumps indent=2): population std, linear
# percentiles, the imbalance over the two rank totals (105362 / 90263);
# then sp's keys (wall time, exact ns, the ranks' spread, Caliper's
# imbalance 105362 / 90263 - 1).
. "$CASEDIR/spec.inc"
spec_6_1 ex1.h5 && calls ex1.h5 || exit
"$SP_STATS" --format json calls.sps | sed -n '/"name": "r003.io.write"/,/^  }/p'
