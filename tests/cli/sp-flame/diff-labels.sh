#!/bin/sh
# The title and root frame of a diff name the runs by their labels: the
# names sp-read --label gives; two runs of one label (two profiles of one
# program) by their files instead of "synthetic (2)", the last component,
# or the path whole when that is the same too; the same file twice keeps
# the numbered labels.  Streams concatenated, each of one run, the same.
mkdir a b || exit
for f in old.h5 new.h5 a/run.h5 b/run.h5; do
	$SPGEN spec - $f <<'EOF2' || exit
{"metadata": {"label": "synthetic"}, "ranks": {"0": [["main", [0], [100]]]}}
EOF2
done
title() {
	"$SP_FLAME" --diff -o diff.svg "$1" || exit
	grep -o 'Differential flame graph: [^<]*' diff_rank0.svg | sed 1q
	grep -o '&lt;[^<]* rank 0&gt;' diff_rank0.svg | sed 1q
}
"$SP_READ" old.h5 new.h5 | "$SP_STACK" >1.sps || exit
title 1.sps
"$SP_READ" --label before --label after old.h5 new.h5 | "$SP_STACK" >2.sps ||
    exit
title 2.sps
"$SP_READ" a/run.h5 b/run.h5 | "$SP_STACK" >3.sps || exit
title 3.sps
"$SP_READ" old.h5 old.h5 | "$SP_STACK" >4.sps || exit
title 4.sps
"$SP_READ" old.h5 | "$SP_STACK" >o.sps &&
"$SP_READ" new.h5 | "$SP_STACK" >n.sps || exit
cat o.sps n.sps >5.sps
title 5.sps
