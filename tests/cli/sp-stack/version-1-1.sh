#!/bin/sh
# A newer minor version (1.1) is read: unknown items would be skipped;
# sp-stack's header says the minor of its input, whose additions pass on.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 >in.sps || exit
od -An -tx1 -j37 -N3 in.sps
printf '\001' | dd of=in.sps bs=1 seek=39 conv=notrunc 2>/dev/null
"$SP_STACK" in.sps >calls.sps && "$SP_DUMP" calls.sps
