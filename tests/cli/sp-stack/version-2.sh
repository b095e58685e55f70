#!/bin/sh
# A stream whose header says version 2.0 is refused with a clear message.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
# the header is d9 d9 f7 82 'header' {... 'version': [1, 0] ...}: byte 38 is the 1
od -An -tx1 -j37 -N3 in.sps
printf '\002' | dd of=in.sps bs=1 seek=38 conv=notrunc 2>/dev/null
"$SP_STACK" in.sps >calls.sps
