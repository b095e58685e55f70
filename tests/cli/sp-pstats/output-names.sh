#!/bin/sh
# doc/exports.md, "Run labels and file names": the suffix is the file name's
# last one, or .prof when it has none (no dot, or only a leading one); _rank<N>
# goes before it.  A name ending in "/" or an existing directory gets
# profile.prof inside, as the reference's command line names it.  Parents are
# created.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["a", [0], [10]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" >calls.sps || exit
mkdir old
for o in plain stats.pstats run.v2.prof .hidden deep/er/x.prof new/ old; do
	"$SP_PSTATS" -o $o calls.sps || exit
done
find . -name '*.prof' -o -name '*.pstats' | sort >files
cat files
cat >want.json <<'EOF'
[[["~", 0, "a"], 1, 1, 1e-08, 1e-08, [[["~", 0, "<in rank 0>"], 1, 1, 1e-08, 1e-08]]],
 [["~", 0, "<in rank 0>"], 1, 1, 0.0, 1e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes --pairs \
    $(sed 's/$/ want.json/' files) && echo "all as expected"
