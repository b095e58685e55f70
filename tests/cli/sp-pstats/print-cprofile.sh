#!/bin/sh
# sp-pstats --print reads a .prof that cProfile itself wrote (marshal
# version 4, with references; the bytes depend on the Python version, so
# the file is made now and the report compared with pstats' own), for
# every sort key and with --top, from a file and from standard input
# (without the title line, which needs a file name).  Needs python3.
command -v "${PYTHON:-python3}" >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
$PYTHON -c "import cProfile; cProfile.run('sum(range(9))', 'x.prof')" >/dev/null ||
    { echo "SKIP: python3 cannot write a .prof with cProfile"; exit 77; }
touch -d '2026-01-02 03:04:05' x.prof
for key in cumulative tottime calls ncalls name; do
	for top in -1 2; do
		if [ $top = -1 ]; then
			"$SP_PSTATS" --print --sort $key x.prof >ours.txt || exit
		else
			"$SP_PSTATS" --print --sort $key --top $top x.prof >ours.txt || exit
		fi
		$PYTHON -c 'import pstats, sys
s = pstats.Stats("x.prof").sort_stats(sys.argv[1])
s.print_stats() if sys.argv[2] == "-1" else s.print_stats(int(sys.argv[2]))' $key $top >pstats.txt
		if cmp -s ours.txt pstats.txt; then
			echo "--sort $key --top $top: same as pstats"
		else
			echo "--sort $key --top $top: differs"
			diff pstats.txt ours.txt
		fi
	done
done
"$SP_PSTATS" --print <x.prof >ours.txt || exit
$PYTHON -c 'import pstats, sys; pstats.Stats("x.prof").sort_stats("cumulative").print_stats()' |
    sed '1,2d' >pstats.txt
cmp -s ours.txt pstats.txt && echo "standard input: same as pstats, without the title"
cat x.prof | "$SP_PSTATS" --print >ours.txt || exit
cmp -s ours.txt pstats.txt && echo "a pipe: same as pstats, without the title"
