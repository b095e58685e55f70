#!/bin/sh
# Standard error closed by the caller (2>&-): a failing run has nowhere to
# say why, but still exits 1, and a good one 0; nothing takes fd 2's place.
# (Not under valgrind, which cannot start without a standard error.)
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
"$SP_READ" in.h5 >in.sps || exit
no_err() {
	"$@" 2>&-
}
for p in "$SP_READ" "$SP_STACK" "$SP_PSTATS" "$SP_SPEEDSCOPE" "$SP_FLAME" \
    "$SP_JSON" "$SP_STATS" "$SP_TRACE" "$SP_DIFF" "$SP_SCALE" \
    "$SP_REPORT"; do
	no_err "$p" -o out nothere
	echo "$(basename "$p") nothere 2>&-: exit $?"
done
no_err "$SP_STACK" -o calls.sps in.sps
echo "sp-stack in.sps 2>&-: exit $?"
ls -A
