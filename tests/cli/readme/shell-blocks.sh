#!/bin/sh
# Every shell block of README.md, run literally (tests/readme-blocks.py
# extracts them) in a directory laid out as the README assumes: run.h5 is
# the example profile, as is before.h5 (after.h5 is another, from spgen),
# main-1..3.h5 are the example and branch-1..3.h5 after.h5 (sp-diff's
# three runs a side), runs/ holds it and an empty profile, examples/ and
# build/cmd are the checkout's, the programs are on PATH, and out/ is
# emptied before each block.  What needs a
# cluster or another machine or tool (Slurm, GNU parallel, flamegraph.pl,
# installing sp, the
# whole test suite) is checked for syntax only, by sh -n.  Each block's
# exit status and output are shown (sorted where make -j or parallel jobs
# order them); then the jq recipe of time per region on a recursive
# profile, which must count the outermost calls only: r 0..100 holds r
# 10..50 holds r 20..30, and r 200..260 holds r 210..220: 160 ns, not 230.
# Last, the Makefile recipes (make fences): each target run with make on
# two runs of the same calls (it passes) and on a branch made slower on
# purpose (sp-diff exits 3, make fails), the job summary appended.
command -v jq >/dev/null 2>&1 || { echo "SKIP: no jq"; exit 77; }
command -v make >/dev/null 2>&1 || { echo "SKIP: no make"; exit 77; }
bin=$(dirname "$SP_READ")
PATH=$bin:$PATH
export PATH
mkdir blocks runs out build || exit
ln -s "$SRCDIR/examples" examples && ln -s "$bin" build/cmd || exit
cp "$SRCDIR/examples/example.h5" run.h5 && cp run.h5 runs/run.h5 || exit
cp run.h5 before.h5 && $SPGEN synth after.h5 --calls 3000 --seed 2 || exit
# three runs of main and of a branch, for sp-diff --before 3
for i in 1 2 3; do cp run.h5 main-$i.h5 && cp after.h5 branch-$i.h5 || exit; done
# runs of one case at 1, 2, 4 and 8 ranks, for sp-scale
$SPGEN scale --ranks 1,2,4,8 scale || exit
for p in 1 2 4 8; do cp scale/run-0$p.h5 run-$p.h5 || exit; done
$SPGEN spec - runs/empty.h5 <<'JSON' || exit
{"ranks": {}}
JSON
"$PYTHON" "$SRCDIR/tests/readme-blocks.py" "$SRCDIR/README.md" blocks \
    >list || exit
# the programs as the README names them, not as meson hands them over
unset SP_READ SP_STACK SP_PSTATS SP_SPEEDSCOPE SP_FLAME SP_JSON SP_STATS SP_TRACE \
    SP_DIFF SP_SCALE SP_REPORT
while read -r n line kind; do
	b=blocks/block-$n.sh
	if [ "$kind" = syntax ]; then
		sh -n "$b"
		echo "== block $n (README.md:$line): syntax, exit $?"
		continue
	fi
	rm -rf out && mkdir out || exit
	sh -e "$b" >blocks/out 2>blocks/err
	echo "== block $n (README.md:$line): run, exit $?"
	if grep -q '^make ' "$b"; then
		# the order of make -j's lines varies, and so may its rm's
		grep -v '^rm ' blocks/out | sort
		ls out
	else
		cat blocks/out
	fi
	sort blocks/err
done <list
echo "== recursion"
mkdir rec && cd rec || exit
$SPGEN spec - run.h5 <<'JSON' || exit
{"ranks": {"0": [["r", [0, 10, 20, 200, 210], [100, 50, 30, 260, 220]]]}}
JSON
n=$(grep -l 'time per region' ../blocks/block-*.sh | head -n 1)
sed -n '/time per region/,/^$/p' "$n" >recipe.sh
sh -e recipe.sh
cd .. || exit
echo "== make recipes"
mkdir make && cd make || exit
# the make fences of README.md, and their targets
awk '/^```make$/ { on = 1; next } /^```/ { on = 0 } on' "$SRCDIR/README.md" \
    >Makefile || exit
targets=$(sed -n 's/^\([a-z][a-z-]*\):.*/\1/p' Makefile)
# spec RUN NS: a run of one rank whose "solve" lasts NS ns in each of 8 calls
spec() {
	$SPGEN spec - "$1" <<JSON || exit
{"ranks": {"0": [["solve", [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000],
  [$2, $((1000 + $2)), $((2000 + $2)), $((3000 + $2)), $((4000 + $2)),
   $((5000 + $2)), $((6000 + $2)), $((7000 + $2))]]]}}
JSON
}
for t in $targets; do
	for case in same slower; do
		spec main.h5 500
		if [ $case = same ]; then spec branch.h5 500; else spec branch.h5 600; fi
		rm -f diff.md step-summary.txt
		GITHUB_STEP_SUMMARY=step-summary.txt make -s "$t" >out 2>err
		echo "== make $t, branch $case: exit $?"
		cat out
		sed 's/^make: \*\*\* \[Makefile:[0-9]*: /make: *** [Makefile: /' err
		echo "-- summary:"
		cat step-summary.txt
	done
done
