#!/bin/sh
# doc/formats.md, "Native runs": a file is taken once by its normalised
# spelling (x.spt, ./x.spt and .//x.spt are one), so naming it twice is no
# duplicate rank; an absolute spelling is another file, which then claims the
# same rank.  Messages name a file as pathlib spells it.
$SPGEN spt - x.spt <<'EOF2' || exit
{"ranks": {"0": [["solve", [10], [20]]]}}
EOF2
"$SP_READ" x.spt ./x.spt .//x.spt >in.sps && "$SP_DUMP" in.sps
"$SP_READ" ./x.spt "$PWD/x.spt" 2>&1 >/dev/null | sed "s|$PWD|PWD|"
