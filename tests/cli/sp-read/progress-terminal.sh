#!/bin/sh
# On a terminal the progress line shows by default, but only once a file
# has taken a second: a short read shows nothing.  --progress shows it at
# once; -q never.  Needs script(1) for a pseudo-terminal; skipped without.
command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) (bsdutils)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF2
norm() {
	tr -d '\r' | sed 's/[-0-9.]*[kMGT]* calls\/s/RATE calls\/s/; s/done in [0-9:]*$/done in T/'
}
echo "== default"
script -qec '"$SP_READ" in.h5 -o a.sps; echo "exit $?"' /dev/null | norm
echo "== --progress"
script -qec '"$SP_READ" --progress in.h5 -o b.sps; echo "exit $?"' /dev/null | norm
echo "== -q"
script -qec '"$SP_READ" -q in.h5 -o c.sps; echo "exit $?"' /dev/null | norm
