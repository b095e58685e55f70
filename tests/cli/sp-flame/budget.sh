#!/bin/sh
# --max-frames 10: of the 7 + 17 frames the threshold leaves, the
# narrowest go into [other] frames until at most 10 are left, [other]
# included: cutting at b (30 %) leaves 8 (b and its callers merged with
# the narrower ones), cutting at c (15 %) would leave 12.  A note says
# where the cut-off fell.  The widths still add up.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["main", [0], [1000]], ["a", [0], [400]], ["b", [400], [700]],
  ["c", [700], [850]], ["d", [850], [930]], ["e", [930], [970]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_FLAME" --max-frames 10 -o flame.svg ||
    exit
cat flame_rank0.svg
$PYTHON "$SRCDIR/tests/check-svg.py" --frames 8 --add-up --list \
    flame_rank0.svg
