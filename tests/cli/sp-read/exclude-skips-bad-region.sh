#!/bin/sh
# Only the regions kept are checked: the call of 'inner' that ends before
# it starts does not matter once 'inner' is excluded (the reference
# reconstructs the filtered regions only).
$SPGEN broken end-before-start in.h5
"$SP_READ" -x inner in.h5 >in.sps && "$SP_DUMP" in.sps
